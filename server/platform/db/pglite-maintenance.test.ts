import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, createTestApp } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';
import { startPgliteMaintenance, VACUUMED_AT_SETTING } from './pglite-maintenance';
import { settings } from './schema';
import { getSetting, putSetting } from './settings-repository';

const t = sharedWorld(createTestApp);

const quietLog = (logged: string[]) => ({
  info: (_: object, msg: string) => logged.push(msg),
  warn: (_: object, msg: string) => logged.push(msg),
});

const reltuples = async () => {
  if (t.handle.kind !== 'pglite') throw new Error('PGlite only');
  const { rows } = await t.handle.client.query<{ reltuples: number }>(
    "select reltuples::int as reltuples from pg_class where relname = 'accounts'",
  );
  return rows[0]?.reltuples;
};

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database maintenance', () => {
  it('analyses the tables soon after the start, so the planner knows their sizes', async () => {
    // Never vacuumed, whatever test ran before in this shared world.
    await t.db.delete(settings).where(eq(settings.key, VACUUMED_AT_SETTING));
    for (let i = 0; i < 5; i++) await createAccount(t.db);
    const logged: string[] = [];
    const stop = startPgliteMaintenance(t.handle, quietLog(logged), { firstAfterMs: 0 });
    try {
      await expect.poll(() => logged, { timeout: 10_000 }).toContain('embedded database vacuumed');
      expect(await reltuples()).toBeGreaterThanOrEqual(5);
      const at = Date.parse((await getSetting(t.db, VACUUMED_AT_SETTING)) ?? '');
      expect(Date.now() - at).toBeLessThan(60_000);
    } finally {
      stop();
    }
  });

  it('waits for the next one due when the data was vacuumed less than an interval ago (a restart)', async () => {
    await putSetting(t.db, VACUUMED_AT_SETTING, new Date(Date.now() - 1_000).toISOString());
    const logged: string[] = [];
    const stop = startPgliteMaintenance(t.handle, quietLog(logged), { firstAfterMs: 0, everyMs: 2_000 });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(logged).toEqual([]);
      // Due 2 s after the last one: about a second from the start.
      await expect.poll(() => logged, { timeout: 10_000 }).toContain('embedded database vacuumed');
    } finally {
      stop();
    }
  });

  it('vacuums soon after the start when the last one is older than an interval', async () => {
    await putSetting(t.db, VACUUMED_AT_SETTING, new Date(Date.now() - 60 * 60_000).toISOString());
    const logged: string[] = [];
    const stop = startPgliteMaintenance(t.handle, quietLog(logged), { firstAfterMs: 0 });
    try {
      await expect.poll(() => logged, { timeout: 10_000 }).toContain('embedded database vacuumed');
    } finally {
      stop();
    }
  });
});
