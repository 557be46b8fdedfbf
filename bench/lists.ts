// The builds lists and task counters with 100,000 builds and 1,000 partners (bench/data.ts), each beside the
// bare indexed 20-row query (server/platform/bench-baseline.ts, BENCH_BASELINE=1) measured in the same run.
// `npx tsx bench/lists.ts` runs it alone on PGlite (and PostgreSQL with BENCH_DATABASE_URL) and prints the rows;
// BENCH_LIST_BUILDS and BENCH_LIST_PARTNERS set the world's size, BENCH_PGLITE=0 leaves PGlite out.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createScratchDatabase } from '../server/test/test-database';
import { type RunningServer, startServer } from '../tests/e2e/support/server';
import { type BenchScale, type Exec, LIST_SCALE, seedBenchData } from './data';
import { type LoadResult, load, median, throwOnFailures } from './http-load';

type Row = [string, string, string, string];

/**
 * The world's size: 100,000 builds and 1,000 partners, or BENCH_LIST_BUILDS builds and BENCH_LIST_PARTNERS
 * partners (issue 42: the lists keep ≥ 85 % of the bare query at 1,000,000 builds and 10,000 partners).
 */
const SCALE: BenchScale = {
  ...LIST_SCALE,
  builds: Number(process.env.BENCH_LIST_BUILDS ?? LIST_SCALE.builds),
  partners: Number(process.env.BENCH_LIST_PARTNERS ?? LIST_SCALE.partners),
};
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

export async function signInAs(url: string, who: { email: string; password: string }): Promise<string> {
  const xsrf = await fetch(`${url}/api/auth/xsrf`);
  const cookie = (xsrf.headers.get('set-cookie') ?? '').split(';')[0];
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': cookie.split('=')[1] },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A fresh database beside BENCH_DATABASE_URL's, dropped by `drop`: the list data must not reach the other
 * benchmarks, and the agents need demo repositories registered from their own server's DATA_DIR.
 */
export const scratchDatabase = (url: string, suffix = 'lists') =>
  createScratchDatabase(url, `bench_${suffix}`);

/** Seeds through the server's own database: PGlite's directory while the server is stopped, or PostgreSQL. */
async function seed(
  dataDir: string,
  databaseUrl: string | undefined,
  run: (exec: Exec) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await run(async (sql) => void (await client.query(sql)));
    } finally {
      await client.end();
    }
  } else {
    const db = await PGlite.create(join(dataDir, 'pg'));
    try {
      await run(async (sql) => void (await db.exec(sql)));
    } finally {
      await db.close();
    }
  }
  return performance.now() - started;
}

/**
 * A server on a fresh DATA_DIR (with DATABASE_URL, a scratch database beside it), with the embedded agent off
 * (it would build the seeded pending jobs) and BENCH_BASELINE=1: started once for the migrations and the demo
 * seed, stopped, seeded by `run` (given the demo partner's e-mail), started again. `close` stops it and
 * removes both.
 */
export async function seededServer(
  name: string,
  env: Record<string, string>,
  run: (exec: Exec, demoEmail: string) => Promise<void>,
): Promise<{ server: RunningServer; seedMs: number; close: () => Promise<void> }> {
  // BENCH_KEEP=<dir>: the seeded world is kept in <dir> (and, on PostgreSQL, in the database bench_<name>_kept)
  // and reused by the next run with the same <dir>: a 1,000,000-build seed takes minutes. The server's start
  // applies any newer migration to it.
  const keep = process.env.BENCH_KEEP ? join(process.env.BENCH_KEEP, name) : undefined;
  const label = env.DATABASE_URL ? 'pg' : 'pglite';
  const dataDir = keep ? join(keep, label) : await mkdtemp(join(tmpdir(), `fc-bench-${name}-`));
  const seededMark = join(dataDir, 'bench-seeded.json');
  const kept = keep ? await readFile(seededMark, 'utf8').then(JSON.parse, () => undefined) : undefined;
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  if (env.DATABASE_URL && keep) {
    const url = new URL(env.DATABASE_URL);
    url.pathname = `/bench_${name}_kept`;
    if (!kept) {
      const admin = new pg.Client({ connectionString: env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists "bench_${name}_kept" with (force)`);
      await admin.query(`create database "bench_${name}_kept"`);
      await admin.end();
    }
    scratch = { url: url.toString(), drop: async () => {} };
  } else if (env.DATABASE_URL) scratch = await scratchDatabase(env.DATABASE_URL, name);
  const serverEnv: Record<string, string> = {
    ...env,
    DATA_DIR: dataDir,
    EMBEDDED_AGENT: '0',
    BENCH_BASELINE: '1',
  };
  if (scratch) serverEnv.DATABASE_URL = scratch.url;
  let server: RunningServer | undefined;
  const close = async () => {
    await server?.stop();
    if (keep) return;
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  };
  try {
    let seedMs: number;
    if (kept) seedMs = kept.seedMs;
    else {
      if (keep) await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
      const first = await startServer(serverEnv);
      const demoEmail = first.partner.email;
      await first.stop();
      seedMs = await seed(dataDir, scratch?.url, (exec) => run(exec, demoEmail));
      // The seeded builds list artifacts that no file backs; an empty DATA_DIR beside a database listing files
      // is refused ready (issue 39, server/platform/storage/storage-guard.ts). One file stands in for them.
      await mkdir(join(dataDir, 'artifacts'), { recursive: true });
      await writeFile(join(dataDir, 'artifacts', 'bench-seeded'), 'the bench seeds no artifact files\n');
      if (keep) await writeFile(seededMark, JSON.stringify({ seedMs }));
    }
    // A kept world's start may first apply a migration over the million rows (a rollup counted anew).
    server = await startServer(serverEnv, { readyWithinMs: kept ? 1_800_000 : undefined });
    return { server, seedMs, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function benchLists(
  label: string,
  env: Record<string, string>,
  { runs = 3, seconds = 3, concurrency = 16 } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  const name = SCALE.builds === LIST_SCALE.builds ? 'lists' : `lists_${SCALE.builds}`;
  const { server, seedMs, close } = await seededServer(name, env, (exec, email) =>
    seedBenchData(exec, email, SCALE),
  );
  try {
    rows.push([
      label,
      `restart on ${SCALE.builds.toLocaleString('en')} builds, start to ready (ms)`,
      fmt(server.readyMs, 0),
      `target < 2000; seeding took ${fmt(seedMs / 1000)} s`,
    ]);
    const admin = { authorization: `Bearer ${await signInAs(server.url, server.admin)}` };
    const partner = { authorization: `Bearer ${await signInAs(server.url, server.partner)}` };
    const info = await fetch(`${server.url}/api/client/account/info`, { headers: partner });
    const partnerId = ((await info.json()) as { id: number }).id;
    const baselinePath = `/api/bench/baseline/builds?user_id=${partnerId}`;
    const targets: { what: string; path: string; headers: Record<string, string> }[] = [
      { what: 'partner: my tasks, page 1', path: '/api/client/firmware/tasks', headers: partner },
      { what: 'partner: my task counters', path: '/api/client/firmware/tasks/status', headers: partner },
      { what: 'partner: my sets, page 1', path: '/api/client/firmware/groups', headers: partner },
      { what: 'admin: all tasks, page 1', path: '/api/admin/firmwares/tasks', headers: admin },
      { what: 'admin: task counters', path: '/api/admin/firmwares/tasks/status', headers: admin },
      { what: 'admin: active sets, page 1', path: '/api/admin/firmwares/active', headers: admin },
    ];
    // What each list answers, so the table says what was listed.
    const totals = new Map<string, string>();
    for (const t of targets) {
      const res = await fetch(`${server.url}${t.path}`, { headers: t.headers });
      if (!res.ok) throw new Error(`${t.path}: ${res.status} ${await res.text()}`);
      totals.set(t.path, res.headers.get('x-total-count') ?? '');
      await res.arrayBuffer();
    }
    const results = new Map<string, LoadResult[]>();
    const add = (key: string, r: LoadResult) => results.set(key, [...(results.get(key) ?? []), r]);
    const opts = { concurrency, seconds };
    // Interleaved: each run measures the baseline and every endpoint, so load on the machine hits all alike,
    // each run starting one further along the list, so that no endpoint always follows the same one (a slow
    // list's leftovers, its garbage collection) or always comes first.
    const order = [{ path: baselinePath, headers: {} as Record<string, string> }, ...targets];
    for (let i = 0; i < runs; i++)
      for (const t of [...order.slice(i % order.length), ...order.slice(0, i % order.length)])
        add(t.path, await load(`${server.url}${t.path}`, { headers: t.headers }, opts));
    const summary = (key: string) => {
      const list = results.get(key) ?? [];
      throwOnFailures(key, list);
      return {
        rps: median(list.map((r) => r.rps)),
        p50: median(list.map((r) => r.p50)),
        p99: median(list.map((r) => r.p99)),
      };
    };
    const base = summary(baselinePath);
    rows.push([
      label,
      `bare indexed 20-row query of one partner's builds, ${concurrency} clients (req/s; p50/p99 ms)`,
      `${fmt(base.rps, 0)}; ${fmt(base.p50)}/${fmt(base.p99)}`,
      `baseline: no auth, ${SCALE.builds.toLocaleString('en')} builds, ${SCALE.partners.toLocaleString('en')} partners`,
    ]);
    // The share is the median of each run's ratio to that run's baseline: the machine's load moves both alike
    // within a run, while between runs the baseline alone moved ±15 % on a quiet machine (issue 42).
    const baseRuns = (results.get(baselinePath) ?? []).map((r) => r.rps);
    const share = (key: string) =>
      median((results.get(key) ?? []).map((r, i) => (100 * r.rps) / (baseRuns[i] ?? Number.NaN)));
    for (const t of targets) {
      const r = summary(t.path);
      const total = totals.get(t.path);
      rows.push([
        label,
        `GET ${t.path.replace('/api', '')} — ${t.what}${total ? ` of ${total}` : ''} (req/s; p50/p99 ms)`,
        `${fmt(r.rps, 0)}; ${fmt(r.p50)}/${fmt(r.p99)}`,
        `${fmt(share(t.path), 0)} % of baseline (median of the runs' shares); target ≥ 85 %`,
      ]);
    }
  } catch (error) {
    // What the console said of it: its warnings and errors (pino's levels 40 and up), the last few.
    const said = server
      .output()
      .split('\n')
      .filter((line) => /"level":(4|5|6)\d/.test(line))
      .slice(-5);
    throw new Error(`${(error as Error).message}\nthe console's last warnings:\n${said.join('\n')}`);
  } finally {
    await close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = {
    runs: Number(process.env.BENCH_RUNS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 3),
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 16),
  };
  // BENCH_PGLITE=0: PostgreSQL alone (a 1,000,000-build seed of PGlite takes ~13 minutes here).
  const rows = process.env.BENCH_PGLITE === '0' ? [] : await benchLists('PGlite (embedded)', {}, options);
  if (process.env.BENCH_DATABASE_URL)
    rows.push(...(await benchLists('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, options)));
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
