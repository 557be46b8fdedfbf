import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseVersionIssue } from '../../contract/rules/releases';
import { releases } from '../platform/db/schema';
import { seed } from '../seed';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { demoReleasesOf } from './demo-release-notes';
import { listReleases } from './releases-repository';
import { listRepositories, listSeriesRepositories } from './repositories-repository';

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'demo-seed-'));
});

afterAll(async () => {
  await database.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const options = () => ({
  adminEmail: 'admin@localhost',
  adminPassword: 'admin-pass-1',
  seedDemo: true,
  dataDir,
});

describe('demo release sources', () => {
  it('registers the demo repositories and seeds releases per series, once', async () => {
    const { db } = database.handle;
    await seed(db, options());
    const repositories = await listRepositories(db);
    expect(repositories.map((r) => [r.name, r.url])).toContainEqual([
      'firmware-x19',
      join(dataDir, 'repos', 'firmware-x19'),
    ]);
    expect(repositories).toHaveLength(7);
    expect(await listSeriesRepositories(db, 'l9')).toEqual([
      { series: 'l9', repository: 'firmware-l9' },
      { series: 'l9', repository: 'web-ui' },
    ]);

    const seeded = await listReleases(db, undefined);
    const x19 = seeded.filter((r) => r.series === 'x19');
    expect(x19.map((r) => [r.version, r.stage, r.is_draft, r.is_public])).toEqual([
      ['1.1.0-rc.1', 'rc', true, false],
      ['1.1.0-beta.1', 'beta', false, true],
      ['1.1.0-dev.1', 'dev', false, false],
      ['1.0.0', 'stable', false, true],
    ]);
    expect(seeded).toHaveLength(4 + 2 * 3 + 2);
    // Ids follow time, oldest first.
    const byId = [...seeded].sort((a, b) => a.id - b.id).map((r) => Date.parse(r.created_at));
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    const beta = x19[1];
    expect(beta.parent).toBe(x19[3].id);
    expect(beta.tags).toEqual([
      { repository_name: 'firmware-x19', tag_name: 'v1.1.0-beta.1' },
      { repository_name: 'web-ui', tag_name: 'v1.1.0-beta.1' },
    ]);
    expect(beta.descriptions.map((d) => d.language)).toEqual(['en', 'ru']);
    expect(beta.descriptions[1].description).toMatch(/^Бета-версия 1\.1\.0/);
    expect(beta.deploy_requested_at).toBe(beta.created_at);

    await seed(db, options());
    expect(await db.select().from(releases)).toHaveLength(seeded.length);
    expect(await listRepositories(db)).toHaveLength(7);
  });

  it('seeds releases without git, with a warning instead of repositories', async () => {
    const other = await createTestDatabase();
    const path = process.env.PATH;
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    process.env.PATH = '/nonexistent';
    try {
      await seed(other.handle.db, { ...options(), dataDir: join(dataDir, 'no-git') });
      process.env.PATH = path;
      expect(await listRepositories(other.handle.db)).toEqual([]);
      expect(await other.handle.db.select().from(releases)).toHaveLength(12);
      // Nothing is left half made, nor still being made once the seed has answered.
      expect(await readdir(join(dataDir, 'no-git', 'repos'))).toEqual([]);
    } finally {
      process.env.PATH = path;
      console.warn = warn;
      await other.dispose();
    }
    expect(warnings).toEqual([expect.stringMatching(/^Demo release sources skipped \(is git installed\?\)/)]);
  });
});

describe('the demo releases and the version rule (issue 17)', () => {
  it('every demo release has a semantic version agreeing with its stage', () => {
    for (const series of ['x19', 'x21', 'l9', 'l7', 'x17', 't2t']) {
      for (const release of demoReleasesOf(series)) {
        expect(
          releaseVersionIssue(release.version, release.stage),
          `${series} ${release.version}`,
        ).toBeUndefined();
      }
    }
  });
});
