import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const BASELINE = '/api/bench/baseline/builds?user_id=1';
const t = sharedWorld(createTestApp);

describe("the benchmark's baseline query", () => {
  it('is no route of the console: absent unless BENCH_BASELINE=1 asks for it', async () => {
    expect(loadConfig({}).benchBaseline).toBeUndefined();
    expect(loadConfig({ BENCH_BASELINE: '1' }).benchBaseline).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: BASELINE })).statusCode).toBe(404);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(Object.keys(docs.json<{ paths: object }>().paths).join(' ')).not.toContain('bench');

    const bench = await createTestApp({ db: t.handle, config: { benchBaseline: true } });
    try {
      const res = await bench.app.inject({ method: 'GET', url: BASELINE });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([]);
    } finally {
      await bench.close();
    }
  });
});
