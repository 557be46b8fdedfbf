// The events bus after a database outage (PostgreSQL only): instance A reaches PostgreSQL through a TCP proxy
// that is cut and restored; A's LISTEN connection must come back by itself and hear instance B again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../platform/db/client';
import { migrateDb } from '../platform/db/migrate';
import type { BuildEventMessage } from '../tasks/build-events-bus';
import { createTestApp, type TestApp } from '../test/helper';
import { createScaleDatabase, TcpProxy, waitFor } from './processes';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('the build events bus across a database outage', () => {
  let database: Awaited<ReturnType<typeof createScaleDatabase>>;
  let proxy: TcpProxy;
  let dataDir: string;
  let direct: DbHandle;
  let proxied: DbHandle;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createScaleDatabase(serverUrl ?? '');
    const target = new URL(database.url);
    proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'scale-bus-'));
    direct = await openDb({ databaseUrl: database.url, dataDir });
    await migrateDb(direct);
    proxied = await openDb({ databaseUrl: proxy.through(database.url), dataDir, onIdleError: () => {} });
    a = await createTestApp({ db: proxied, config: { dataDir } });
    b = await createTestApp({ db: direct, config: { dataDir } });
  });

  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await proxied?.close();
    await direct?.close();
    await proxy?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('re-LISTENs after the outage: A hears B again, and A answers 503 meanwhile and 200 after', async () => {
    const heard: BuildEventMessage[] = [];
    const off = a.app.buildEvents.onEvent((m) => heard.push(m));
    const message = (seq: number): BuildEventMessage => ({
      fw_id: 1,
      type: 'log_build',
      data: `line ${seq}`,
      seq,
    });
    const heardFromB = async (seq: number) =>
      waitFor(
        `line ${seq} on A`,
        async () => {
          if (heard.some((m) => m.seq === seq)) return true;
          await b.app.buildEvents.publish([message(seq)]);
          await new Promise((r) => setTimeout(r, 300));
          return heard.some((m) => m.seq === seq) ? true : undefined;
        },
        15_000,
      );
    await heardFromB(1);

    await proxy.cut();
    const down = await a.app.inject({ url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ detail: expect.any(String) });
    await new Promise((r) => setTimeout(r, 2_000));
    await proxy.restore();

    await heardFromB(2);
    expect((await a.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    expect(heard.map((m) => m.seq)).toEqual(expect.arrayContaining([1, 2]));
    off();
  });
});
