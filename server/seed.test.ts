import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PARTNER_EMAIL } from './accounts/account-seed';
import { findAccountByEmail } from './accounts/accounts-repository';
import { startPassword, verifyPassword } from './accounts/passwords';
import {
  accounts,
  buildOptions,
  installTypes,
  languages,
  licenses,
  logos,
  modelPlatformInstallTypes,
  models,
  partnerFees,
  platforms,
  poolPresets,
  releases,
  repositories,
  series,
} from './platform/db/schema';
import { seed } from './seed';
import { formatStartupReport } from './startup-report';
import { createTestDatabase, type TestDatabase } from './test/test-database';

let database: TestDatabase;

// Seeding is what a console's first start does: each test seeds an empty database (the worker's, emptied for it).
beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(() => database.dispose());

describe('seed', () => {
  it('creates the first admin once, and prints the password only then', async () => {
    const { db } = database.handle;
    const first = await seed(db, { adminEmail: 'Admin@Localhost', seedDemo: false });
    expect(first.catalogueSeeded).toBe(false);
    expect(first.admin?.email).toBe('admin@localhost');
    const password = first.admin?.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    const admin = await findAccountByEmail(db, 'admin@localhost');
    expect(admin?.is_admin).toBe(true);
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin?.password_hash, password)).toBe(true);
    expect(formatStartupReport('http://127.0.0.1:8080', first)).toEqual([
      'Console: http://127.0.0.1:8080',
      `Admin: admin@localhost / ${password}`,
    ]);

    const second = await seed(db, { adminEmail: 'admin@localhost', seedDemo: false });
    expect(second).toEqual({ catalogueSeeded: false, admin: undefined, partner: undefined });
    expect(formatStartupReport('http://127.0.0.1:8080', second)).toEqual(['Console: http://127.0.0.1:8080']);
    expect(await db.select().from(accounts)).toHaveLength(1);
  });

  // Issue 43 §2.6: SEED_DEMO=0 put the demo catalogue and 8 demo licenses ("Kazakhstan Hosting"…) into
  // production. Only what every console needs is seeded now.
  it('with SEED_DEMO off seeds no demo catalogue and no demo licenses, only what production needs', async () => {
    const fresh = await createTestDatabase();
    try {
      const { db } = fresh.handle;
      await seed(db, { adminEmail: 'admin@localhost', seedDemo: false, dataDir: '/nonexistent' });
      for (const table of [
        series,
        models,
        platforms,
        installTypes,
        modelPlatformInstallTypes,
        licenses,
        releases,
        repositories,
      ])
        expect(await db.select().from(table)).toEqual([]);
      expect(await db.select().from(accounts)).toHaveLength(1);
      // What the build form and the release form need on any console.
      expect((await db.select().from(logos)).length).toBeGreaterThan(0);
      expect((await db.select().from(poolPresets)).length).toBeGreaterThan(0);
      expect((await db.select().from(buildOptions)).length).toBeGreaterThan(0);
      expect((await db.select().from(languages)).length).toBeGreaterThan(0);
    } finally {
      await fresh.dispose();
    }
  });

  it('with SEED_DEMO on seeds the demo catalogue and licenses once', async () => {
    const fresh = await createTestDatabase();
    try {
      const { db } = fresh.handle;
      const demo = await seed(db, {
        adminEmail: 'admin@localhost',
        seedDemo: true,
        demoPassword: 'demo-pass-0',
      });
      expect(demo.catalogueSeeded).toBe(true);
      expect(await db.select().from(series)).toHaveLength(6);
      expect((await db.select().from(licenses)).map((l) => l.name)).toContain('Kazakhstan Hosting');
      const again = await seed(db, { adminEmail: 'admin@localhost', seedDemo: true });
      expect(again.catalogueSeeded).toBe(false);
    } finally {
      await fresh.dispose();
    }
  });

  it('adds no demo partner with SEED_DEMO off, and one with fees when on', async () => {
    const { db } = database.handle;
    await seed(db, { adminEmail: 'admin@localhost', seedDemo: false });
    expect(await findAccountByEmail(db, DEMO_PARTNER_EMAIL)).toBeUndefined();

    const withDemo = await seed(db, {
      adminEmail: 'admin@localhost',
      seedDemo: true,
      demoPassword: 'demo-pass-1',
    });
    expect(withDemo.partner).toEqual({ email: DEMO_PARTNER_EMAIL, generatedPassword: undefined });
    const partner = await findAccountByEmail(db, DEMO_PARTNER_EMAIL);
    expect(partner && (await verifyPassword(partner.password_hash, 'demo-pass-1'))).toBe(true);
    expect(await db.select().from(partnerFees)).toHaveLength(2);
    expect(formatStartupReport('http://h:1', withDemo)).toEqual([
      'Console: http://h:1',
      'Partner: partner@localhost / (the password in DEMO_PASSWORD)',
    ]);

    const again = await seed(db, { adminEmail: 'admin@localhost', seedDemo: true });
    expect(again.partner).toBeUndefined();
  });

  it('uses the passwords the process entry began hashing, and reports only the generated one', async () => {
    const other = await createTestDatabase();
    try {
      const started = { admin: startPassword(undefined), demo: startPassword('demo-pass-2') };
      const result = await seed(other.handle.db, { adminEmail: 'boss@localhost', seedDemo: true, started });
      expect(result.admin).toEqual({ email: 'boss@localhost', generatedPassword: started.admin.plain });
      expect(result.partner).toEqual({ email: DEMO_PARTNER_EMAIL, generatedPassword: undefined });
      const admin = await findAccountByEmail(other.handle.db, 'boss@localhost');
      expect(admin?.password_hash).toBe(await started.admin.hash);
      expect(await verifyPassword(admin?.password_hash, started.admin.plain)).toBe(true);
      const partner = await findAccountByEmail(other.handle.db, DEMO_PARTNER_EMAIL);
      expect(await verifyPassword(partner?.password_hash, 'demo-pass-2')).toBe(true);
    } finally {
      await other.dispose();
    }
  });
});
