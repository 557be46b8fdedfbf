// The release e-mail's recipients are spec §6 turned around: for every role and release state, the accounts
// mayBeToldAbout picks are exactly those whose releaseVisibility shows the (published) release.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_STAGES } from '../../../contract/statuses';
import { accounts, releases } from '../../platform/db/schema';
import { createAccount, createTestApp, type TestApp } from '../../test/helper';
import { createReleaseSources, makeRelease, type ReleaseSources } from '../../test/release-sources';
import { findReleaseRow, releaseVisibility } from '../releases-repository';
import { mayBeToldAbout } from './release-mail';

let t: TestApp;
let sources: ReleaseSources;

beforeAll(async () => {
  t = await createTestApp();
  sources = await createReleaseSources(t.db);
});

afterAll(async () => {
  await t?.close();
  await sources?.cleanup();
});

describe('who is told of a release', () => {
  it('matches spec §6 visibility for every role and release state', async () => {
    const roles = ['user', 'tester', 'developer', 'admin'] as const;
    const people = await Promise.all(roles.map((role) => createAccount(t.db, { role })));
    const author = people[2].account.id;
    const ids: number[] = [];
    for (const series of ['x19', 'x17']) {
      for (const stage of RELEASE_STAGES) {
        for (const [is_draft, is_public] of [
          [false, true],
          [false, false],
          [true, false],
        ]) {
          for (const user_id of [author, people[3].account.id]) {
            ids.push(await makeRelease(t.db, { series, stage, is_draft, is_public, user_id }));
          }
        }
      }
    }
    const everyone = people.map((p) => p.account.id);
    for (const id of ids) {
      const release = await findReleaseRow(t.db, id);
      const told = (
        await t.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(inArray(accounts.id, everyone), mayBeToldAbout(release)))
      )
        .map((row) => row.id)
        .sort();
      const seeing: number[] = [];
      for (const person of people) {
        const [row] = await t.db
          .select({ id: releases.id })
          .from(releases)
          .where(
            and(eq(releases.id, id), eq(releases.is_draft, false), releaseVisibility(person.account, false)),
          );
        if (row) seeing.push(person.account.id);
      }
      expect(told, JSON.stringify(release)).toEqual(seeing.sort());
    }
  });
});
