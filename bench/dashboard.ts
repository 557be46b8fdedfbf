// Issue 42: every dashboard request at 1,000,000 builds, 10,000 partners and 90 days of history (bench/data.ts
// spread that wide, with runs, agents' hours and licenses issued), each chart at its widest range (90 days),
// one request at a time, beside the bare indexed count of the same range of builds
// (server/platform/bench-baseline.ts). `npx tsx bench/dashboard.ts` runs it on PGlite (and on PostgreSQL with
// BENCH_DATABASE_URL) and prints the rows; target: p95 ≤ 300 ms.
import { type BenchScale, seedBenchData, seedDashboardData } from './data';
import { percentile } from './http-load';
import { seededServer, signInAs } from './lists';

type Row = [string, string, string, string];
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

const DAYS = 90;
export const DASHBOARD_SCALE: BenchScale = {
  partners: 10_000,
  builds: 1_000_000,
  spacing: (DAYS * 86_400) / 1_000_000,
  // Waits of 0 to 10 minutes, builds of 5 to 20 minutes, spread by the build's number.
  wait: '(b.i * 37) % 600',
  duration: '300 + (b.i * 53) % 900',
};

/** `requests` calls one after another (after one unmeasured): p50 and p95 in ms. */
async function timeRequests(url: string, headers: Record<string, string>, requests: number) {
  const times: number[] = [];
  for (let i = 0; i <= requests; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function benchDashboard(
  label: string,
  env: Record<string, string>,
  { requests = 20 } = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  const { server, seedMs, close } = await seededServer('dashboard', env, async (exec, demoEmail) => {
    await seedBenchData(exec, demoEmail, DASHBOARD_SCALE);
    await seedDashboardData(exec);
  });
  try {
    const admin = { authorization: `Bearer ${await signInAs(server.url, server.admin)}` };
    const partner = { authorization: `Bearer ${await signInAs(server.url, server.partner)}` };
    const scale = `${DASHBOARD_SCALE.builds.toLocaleString('en')} builds, ${DASHBOARD_SCALE.partners.toLocaleString('en')} partners, ${DAYS} days`;
    const base = await timeRequests(
      `${server.url}/api/bench/baseline/builds-range?hours=${DAYS * 24}`,
      {},
      requests,
    );
    rows.push([
      label,
      `bare indexed count of ${DAYS} days of builds (p50/p95 ms)`,
      `${fmt(base.p50)}/${fmt(base.p95)}`,
      `baseline: no auth, ${scale}; seeding took ${fmt(seedMs / 1000, 0)} s`,
    ]);
    const targets = [
      ...['builds', 'timings', 'failures', 'agents', 'licenses', 'partners'].map((chart) => ({
        path: `/api/admin/dashboard/${chart}?range=${DAYS}d`,
        headers: admin,
      })),
      ...['builds', 'timings', 'licenses'].map((chart) => ({
        path: `/api/client/dashboard/${chart}?range=${DAYS}d`,
        headers: partner,
      })),
      { path: '/api/client/dashboard/failed-builds', headers: partner },
      { path: '/api/admin/dashboard/builds?range=24h', headers: admin },
      { path: '/api/admin/dashboard/timings?range=24h', headers: admin },
    ];
    for (const t of targets) {
      const r = await timeRequests(`${server.url}${t.path}`, t.headers, requests);
      rows.push([
        label,
        `GET ${t.path.replace('/api', '')} (p50/p95 ms)`,
        `${fmt(r.p50)}/${fmt(r.p95)}`,
        `${fmt(r.p95 / base.p95, 1)}× the baseline's p95; target p95 ≤ 300 ms${r.p95 <= 300 ? '' : ' — MISSED'}`,
      ]);
    }
  } finally {
    await close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = { requests: Number(process.env.BENCH_REQUESTS ?? 20) };
  const rows: Row[] = [];
  if (!process.env.BENCH_SKIP_PGLITE) rows.push(...(await benchDashboard('PGlite (embedded)', {}, options)));
  if (process.env.BENCH_DATABASE_URL)
    rows.push(
      ...(await benchDashboard('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, options)),
    );
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}
