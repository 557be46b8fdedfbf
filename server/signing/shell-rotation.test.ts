// Issue 36: an operator who fears the signing key leaked (it sits in the database's files) rotates it from the
// shell, `npm run admin -- --rotate-signing-key`, with the console stopped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../platform/db/schema';
import { getSetting } from '../platform/db/settings-repository';
import { createTestApp } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { generateSigningKeyPem, KeyStore, RotationRefusedError, SIGNING_KEY_SETTING } from './key-store';
import { rotateSigningKeyFromShell } from './shell-rotation';

const t = sharedWorld(createTestApp);

describe('rotateSigningKeyFromShell', () => {
  it('makes a new key that signs from now on, keeps the old public key listed, and audits it as the shell', async () => {
    const keys = new KeyStore(t.db);
    const was = await keys.current();
    const pemBefore = await getSetting(t.db, SIGNING_KEY_SETTING);

    const result = await rotateSigningKeyFromShell(t.db);

    expect(result.was).toBe(was.keyId);
    expect(result.now).not.toBe(was.keyId);
    expect(await getSetting(t.db, SIGNING_KEY_SETTING)).not.toBe(pemBefore);
    expect((await new KeyStore(t.db).current()).keyId).toBe(result.now);
    expect((await keys.publicKeys()).map((k) => k.key_id)).toEqual(
      expect.arrayContaining([was.keyId, result.now]),
    );
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.object_id, result.now));
    expect(row).toMatchObject({
      action: 'signing_key.rotate',
      actor_id: null,
      before: { key_id: was.keyId },
    });
  });

  it('refuses when the key comes from SIGNING_KEY: the operator replaces it there', async () => {
    await expect(rotateSigningKeyFromShell(t.db, generateSigningKeyPem())).rejects.toBeInstanceOf(
      RotationRefusedError,
    );
  });
});

describe('npm run admin -- --rotate-signing-key', () => {
  it('rotates the key of the embedded database and prints both key ids', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-rotate-'));
    try {
      const run = spawnSync('node', ['--import', 'tsx', 'server/admin-cli.ts', '--rotate-signing-key'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SIGNING_KEY: '' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.stderr).toBe('');
      // After the start-up's own log lines (the schema's state, issue 43).
      expect(run.stdout).toMatch(/^Signing key rotated: [0-9a-f]{16} → [0-9a-f]{16}/m);
      expect(run.status).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
