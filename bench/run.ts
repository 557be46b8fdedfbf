// `npm run bench`: measures the console on the embedded default (PGlite) and, when BENCH_DATABASE_URL is set, on
// a PostgreSQL server; every figure is a median over RUNS runs and stands beside its baseline from the same run.
// Results replace the table between the markers in bench/README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '../tests/e2e/support/server';
import { benchAgents } from './agents';
import { benchBrowser } from './browser';
import { benchFairQueue } from './fair-queue';
import { type LoadResult, load, median, throwOnFailures } from './http-load';
import { benchLists } from './lists';
import { benchLogs } from './logs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

type Row = [string, string, string, string];
const rows: Row[] = [];
// Each row is printed as it comes, so a run that fails late still shows what it measured.
const push = rows.push.bind(rows);
rows.push = (...added: Row[]) => {
  for (const r of added) console.log(r.join(' | '));
  return push(...added);
};
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

async function signIn(server: RunningServer): Promise<string> {
  const xsrf = await fetch(`${server.url}/api/auth/xsrf`);
  const cookie = (xsrf.headers.get('set-cookie') ?? '').split(';')[0];
  const res = await fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': cookie.split('=')[1] },
    body: JSON.stringify(server.admin),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Median of RUNS load runs against one path. */
async function endpoint(server: RunningServer, path: string, token?: string): Promise<LoadResult> {
  const results: LoadResult[] = [];
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  for (let i = 0; i < RUNS; i++) {
    results.push(
      await load(`${server.url}${path}`, { headers }, { concurrency: CONCURRENCY, seconds: SECONDS }),
    );
  }
  throwOnFailures(path, results);
  return {
    requests: median(results.map((r) => r.requests)),
    errors: 0,
    failures: {},
    seconds: median(results.map((r) => r.seconds)),
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
  };
}

async function benchDatabase(label: string, env: Record<string, string>) {
  const embedded = !env.DATABASE_URL;
  // A fresh DATA_DIR each start (on PostgreSQL the database itself is kept between starts).
  const starts: number[] = [];
  const startRss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await startServer(env);
    starts.push(s.readyMs);
    startRss.push(rssMb(s.pid));
    await s.stop();
  }
  // The first start on a machine: no cached PGlite template (server/platform/db/pglite-template.ts), initdb runs.
  let first: { ms: number; rss: number } | undefined;
  const noTemplate = embedded ? await mkdtemp(join(tmpdir(), 'fc-bench-template-')) : undefined;
  if (noTemplate) {
    const s = await startServer({ ...env, PGLITE_TEMPLATE_DIR: noTemplate });
    first = { ms: s.readyMs, rss: rssMb(s.pid) };
    await s.stop();
    await rm(noTemplate, { recursive: true, force: true });
  }
  // Restarts on one DATA_DIR; the last one takes the load.
  const dataDir = await mkdtemp(join(tmpdir(), 'fc-bench-restart-'));
  const restarts: number[] = [];
  let server: RunningServer | undefined;
  await (await startServer({ ...env, DATA_DIR: dataDir })).stop();
  for (let i = 0; i < RUNS; i++) {
    const s = await startServer({ ...env, DATA_DIR: dataDir });
    restarts.push(s.readyMs);
    if (i < RUNS - 1) await s.stop();
    else server = s;
  }
  rows.push([
    label,
    'server start to ready, fresh DATA_DIR (ms)',
    fmt(median(starts), 0),
    `target < 2000; RSS at ready ${fmt(median(startRss), 0)} MB`,
  ]);
  if (first)
    rows.push([
      label,
      'first start on a machine, no PGlite template cached yet (ms)',
      fmt(first.ms, 0),
      `one run (initdb); RSS at ready ${fmt(first.rss, 0)} MB`,
    ]);
  rows.push([
    label,
    'server restart on the same DATA_DIR, to ready (ms)',
    fmt(median(restarts), 0),
    'target < 2000',
  ]);
  if (!server) return;
  try {
    const token = await signIn(server);
    const baseline = await endpoint(server, '/api/health/live');
    rows.push([
      label,
      `GET /api/health/live, ${CONCURRENCY} clients (req/s; p50/p99 ms)`,
      `${fmt(baseline.rps, 0)}; ${fmt(baseline.p50)}/${fmt(baseline.p99)}`,
      'baseline: no auth, no database',
    ]);
    for (const path of [
      '/api/client/account/info',
      '/api/client/firmware/models',
      '/api/client/firmware/model-platform-install_type',
    ]) {
      const r = await endpoint(server, path, token);
      rows.push([
        label,
        `GET ${path} (req/s; p50/p99 ms)`,
        `${fmt(r.rps, 0)}; ${fmt(r.p50)}/${fmt(r.p99)}`,
        `${fmt((100 * r.rps) / baseline.rps, 0)} % of baseline`,
      ]);
    }
    rows.push([label, 'server memory after the load (RSS MB)', fmt(rssMb(server.pid), 0), 'target < 400']);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function writeReadme() {
  const path = new URL('./README.md', import.meta.url);
  const readme = readFileSync(path, 'utf8');
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}`;
  const table = [
    '<!-- results:start -->',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}; medians of ${RUNS} runs of ${SECONDS} s.`,
    '',
    '| setup | what | result | beside |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '<!-- results:end -->',
  ].join('\n');
  writeFileSync(path, readme.replace(/<!-- results:start -->[\s\S]*<!-- results:end -->/, table));
}

const listOptions = { runs: RUNS, seconds: SECONDS, concurrency: CONCURRENCY };
// BENCH_SKIP_CLIENT=1 leaves out the browser part (bytes on the wire and Lighthouse, beside a bare react-admin app
// and React with MUI alone; it needs dist/, bench/bare/dist and bench/floor/dist built, as `npm run bench` does).
if (process.env.BENCH_SKIP_CLIENT !== '1') rows.push(...(await benchBrowser(RUNS)));
await benchDatabase('PGlite (embedded)', {});
// The builds lists and task counters on 100,000 builds (issue "Production grade").
rows.push(...(await benchLists('PGlite (embedded)', {}, listOptions)));
if (process.env.BENCH_DATABASE_URL) {
  await benchDatabase('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL });
  rows.push(
    ...(await benchLists('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, listOptions)),
  );
}
// Build agents (issue 5): queue latency, builds per minute, WebSocket fan-out.
rows.push(...(await benchAgents('PGlite (embedded)', {}, RUNS)));
// Issue 36: the fair queue between partners (fake agents; its server runs from the sources).
rows.push(...(await benchFairQueue()));
if (process.env.BENCH_DATABASE_URL)
  rows.push(...(await benchAgents('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, RUNS)));
// A 100,000-line build log (issue 14): the dialog, /api/health/live under three whole-log readers, RSS.
rows.push(...(await benchLogs('PGlite (embedded)', {}, listOptions)));
if (process.env.BENCH_DATABASE_URL)
  rows.push(
    ...(await benchLogs('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, listOptions)),
  );
writeReadme();
