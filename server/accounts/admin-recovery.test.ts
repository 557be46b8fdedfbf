import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { accounts, auditLog } from '../platform/db/schema';
import { createSignedIn, createTestApp, expectError, request, signIn } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { recoverAdmin } from './admin-recovery';

// Issue 17, defect 1: the documented recovery for an operator who lost every admin.
const t = sharedWorld(createTestApp);

describe('recoverAdmin', () => {
  it('makes a demoted, blocked account an admin again with a new password and ends its old sessions', async () => {
    const lost = await createSignedIn(t.app, t.db, { role: 'user' });
    await t.db
      .update(accounts)
      .set({ is_blocked: true, is_removed: true })
      .where(eq(accounts.id, lost.account.id));
    const result = await recoverAdmin(t.db, lost.email.toUpperCase(), 'a brand new pass');
    expect(result).toEqual({ email: lost.email, password: 'a brand new pass', created: false });
    expectError(await request(t.app, { url: '/api/client/account/info', token: lost.token }), 401);
    const token = await signIn(t.app, lost.email, 'a brand new pass');
    const info = await request(t.app, { url: '/api/client/account/info', token });
    expect(info.json()).toMatchObject({ email: lost.email, role: 'admin' });
    // Issue 43 §2.7: the shell's change leaves an audit row, with no actor and no password.
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'partner.recover'), eq(auditLog.object_id, String(lost.account.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: null,
      actor_email: '',
      object_type: 'partner',
      before: { is_admin: false, is_blocked: true, is_removed: true, password: null },
      after: { is_admin: true, is_blocked: false, is_removed: false, password: 'changed' },
    });
    expect(JSON.stringify(rows[0])).not.toContain('a brand new pass');
  });

  it('creates the admin when no account has the e-mail, and refuses a password the spec would refuse', async () => {
    const result = await recoverAdmin(t.db, 'rescue@example.test');
    expect(result.created).toBe(true);
    expect(result.password.length).toBeGreaterThanOrEqual(8);
    const created = await t.db.select().from(auditLog).where(eq(auditLog.action, 'partner.recover'));
    expect(
      created.filter((row) => (row.after as { email?: string })?.email === 'rescue@example.test'),
    ).toHaveLength(1);
    await signIn(t.app, 'rescue@example.test', result.password);
    await expect(recoverAdmin(t.db, 'rescue@example.test', 'short')).rejects.toThrow(/--password/);
  });
});

describe('npm run admin', () => {
  it('creates an admin in the embedded database from the shell and prints the password', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
    try {
      const run = spawnSync(
        'node',
        [
          '--import',
          'tsx',
          'server/admin-cli.ts',
          '--email',
          'ops@example.test',
          '--password',
          'ops password 1',
        ],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120_000 },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('Created admin ops@example.test; password: ops password 1');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
