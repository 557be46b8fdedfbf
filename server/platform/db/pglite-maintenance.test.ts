import { describe, expect, it } from 'vitest';
import { createAccount, createTestApp } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';
import { startPgliteMaintenance } from './pglite-maintenance';

const t = sharedWorld(createTestApp);

const reltuples = async () => {
  if (t.handle.kind !== 'pglite') throw new Error('PGlite only');
  const { rows } = await t.handle.client.query<{ reltuples: number }>(
    "select reltuples::int as reltuples from pg_class where relname = 'accounts'",
  );
  return rows[0]?.reltuples;
};

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database maintenance', () => {
  it('analyses the tables soon after the start, so the planner knows their sizes', async () => {
    for (let i = 0; i < 5; i++) await createAccount(t.db);
    expect(await reltuples()).toBe(-1); // never analysed
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(msg),
      warn: (_: object, msg: string) => logged.push(msg),
    };
    const stop = startPgliteMaintenance(t.handle, log, { firstAfterMs: 0 });
    try {
      await expect.poll(() => logged, { timeout: 10_000 }).toContain('embedded database vacuumed');
      expect(await reltuples()).toBeGreaterThanOrEqual(5);
    } finally {
      stop();
    }
  });
});
