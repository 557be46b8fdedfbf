// Issue 36, finding 6.5: a token written as the user part of a repository url (https://TOKEN@host/r.git) was
// shown in clear to developers and in the audit log: only a password (user:PASSWORD@) was masked. Any user
// part is masked now wherever a url is shown or kept for display; the real url stays stored for git.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, repositories } from '../platform/db/schema';
import { createAdminApp } from '../test/admin-app';
import { createSignedIn, expectValidationError, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { gitFailureReason, lsRemote } from './git/ls-remote';
import { insertRepository } from './repositories-repository';

const SECRET = 'secret-token';
const t = sharedWorld(() => createAdminApp());
let developer: string;
let dir: string;

beforeAll(async () => {
  developer = (await createSignedIn(t.app, t.db, { role: 'developer' })).token;
  dir = mkdtempSync(path.join(tmpdir(), 'repo-secret-'));
  execFileSync('git', ['init', '--quiet', '--bare', path.join(dir, 'r.git')]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (url: string, token: string) => request(t.app, { url: `/api/admin/${url}`, token });

describe('a token in the user part of a repository url', () => {
  it('is masked in the answers to admins and developers and in the audit log, and kept for git', async () => {
    // A url git answers (file:// takes a user part too), so that the registration goes through.
    const url = `file://${SECRET}@localhost${path.join(dir, 'r.git')}`;
    const created = await request(t.app, {
      method: 'POST',
      url: '/api/admin/repositories',
      token: t.admin.token,
      body: { name: 'private-fw', url },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().url).toBe(`file://***@localhost${path.join(dir, 'r.git')}`);

    for (const token of [t.admin.token, developer]) {
      for (const read of ['repositories', 'repositories-tags']) {
        const res = await get(read, token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toContain('private-fw');
        expect(res.body).not.toContain(SECRET);
      }
    }
    const audit = await get('audit', t.admin.token);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.body).toContain('private-fw');
    expect(audit.body).not.toContain(SECRET);

    const removed = await request(t.app, {
      method: 'DELETE',
      url: `/api/admin/repositories/${created.json().id}`,
      token: t.admin.token,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.object_type, 'repository'));
    expect(rows.length).toBe(2);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
  });

  it('stays stored as written: git needs it', async () => {
    const url = `https://${SECRET}@git.example.invalid/kept.git`;
    await insertRepository(t.db, { name: 'kept', url });
    const [row] = await t.db.select().from(repositories).where(eq(repositories.name, 'kept'));
    expect(row.url).toBe(url);
    const listed = (await get('repositories', developer)).json() as { name: string; url: string }[];
    expect(listed.find((r) => r.name === 'kept')?.url).toBe('https://***@git.example.invalid/kept.git');
  });

  it('is masked when git cannot reach the repository, at registration and when listing tags', async () => {
    const url = `https://${SECRET}@127.0.0.1:1/r.git`;
    const refused = await request(t.app, {
      method: 'POST',
      url: '/api/admin/repositories',
      token: t.admin.token,
      body: { name: 'unreachable-private', url },
    });
    expect(expectValidationError(refused, 'url').msg).toMatch(/^Repository is unreachable: /);
    expect(refused.body).not.toContain(SECRET);

    await insertRepository(t.db, { name: 'down-private', url });
    const tags = await get('repositories-tags', developer);
    const down = (tags.json() as { name: string; error?: string }[]).find((r) => r.name === 'down-private');
    expect(down?.error).toMatch(/unreachable/);
    expect(tags.body).not.toContain(SECRET);
  });

  it("is masked in ls-remote's error, whose message is what logs show", async () => {
    const error = await lsRemote(`https://user:${SECRET}@127.0.0.1:1/r.git`).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).not.toContain(SECRET);
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  it("is masked in git's own explanation, which some git versions write with the url", () => {
    const stderr = `fatal: repository 'https://${SECRET}@git.example.com/r.git/' not found\n`;
    expect(gitFailureReason(stderr)).toBe("repository 'https://***@git.example.com/r.git/' not found");
  });
});
