// Issue 36 finding 4: the build queue between partners. One partner queues 100 builds, a second partner then
// queues 1, and 2 fake agents (claim, wait BUILD_MS, report a failure: the queue's whole protocol, no real build)
// take the queue: how long the second partner's build waited, in builds' times, and the place it was shown. Then,
// on the same database stopped, the claim query's and the places query's cost with 10,000 pending builds, from
// 1 partner and from 1,000 (EXPLAIN ANALYZE), beside the claim query as it was (oldest first).
//
// `npx tsx bench/fair-queue.ts` runs it alone (PGlite), starting the server from the sources of the current
// directory: run from a `git worktree` of an older commit (with this file given by path) it measures that
// commit's server, which is how bench/README.md's "before" row was taken. Two cores are enough: ~1 min.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { prepareBuilds } from '../server/scale/scenario';
import { type ApiSession, apiSession } from '../tests/e2e/support/api';
import { freePort } from '../tests/e2e/support/server';

type Row = [string, string, string, string];

/** The fake agents' build time: long enough that HTTP and the claims are small beside it. */
const BUILD_MS = Number(process.env.BENCH_BUILD_MS ?? 200);
const FIRST_PARTNER_BUILDS = 100;
const AGENTS = 2;
const PENDING_ROWS = 10_000;

const admin = { email: 'admin@example.com', password: 'admin-pass-123' };
const partner = { email: 'partner@localhost', password: 'partner-pass-123' };
const second = { email: 'second-partner@bench.test', password: 'second-pass-123' };

/** The server of the current directory's sources (tsx), on a fresh DATA_DIR; embedded agent off. */
export async function startSourceServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      DEMO_PASSWORD: partner.password,
      SEED_DEMO: '1',
      EMBEDDED_AGENT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    const ready = await fetch(`${url}/api/health/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`server not ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

const agentCall = (url: string, token: string, path: string, body: unknown = {}) =>
  fetch(`${url}/api/agent${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

/** A fake agent: claims, "builds" for BUILD_MS, reports a failure; until `done()`. Records each claim. */
async function fakeAgent(
  url: string,
  token: string,
  claims: { id: number; at: number }[],
  done: () => boolean,
) {
  while (!done()) {
    const res = await agentCall(url, token, '/jobs/claim');
    if (res.status === 204) continue;
    if (res.status !== 200) throw new Error(`claim answered ${res.status} ${await res.text()}`);
    const { job } = (await res.json()) as { job: { id: number } };
    claims.push({ id: job.id, at: performance.now() });
    await new Promise((r) => setTimeout(r, BUILD_MS));
    await agentCall(url, token, `/jobs/${job.id}/finish`, {
      status: 'failed',
      reason: 'bench: fake builder',
    });
  }
}

async function positionOf(session: ApiSession, id: number): Promise<number | null> {
  const tasks = await session.call<{ id: number; queue_position: number | null }[]>(
    'GET',
    '/client/firmware/tasks',
  );
  return tasks.find((task) => task.id === id)?.queue_position ?? null;
}

/** The second partner's wait behind the first one's 100 builds, with 2 fake agents. */
async function secondPartnersWait(url: string) {
  const adminSession = await apiSession(url, admin);
  const first = await apiSession(url, partner);
  await adminSession.call('POST', '/admin/users', { ...second, worker: 'second' });
  const other = await apiSession(url, second);
  const many = await prepareBuilds(first, 'bench-fair-first');
  const one = await prepareBuilds(other, 'bench-fair-second');
  for (let i = 0; i < FIRST_PARTNER_BUILDS; i++) await many.submit();
  const lone = await one.submit(other);
  const shownAt = await positionOf(other, lone.id);
  const tokens: string[] = [];
  for (let i = 0; i < AGENTS; i++) {
    const agent = await adminSession.call<{ token: string }>('POST', '/admin/workers', {
      name: `fair-${i}`,
    });
    tokens.push(agent.token);
  }
  const claims: { id: number; at: number }[] = [];
  const started = performance.now();
  const done = () => claims.some((claim) => claim.id === lone.id);
  await Promise.all(tokens.map((token) => fakeAgent(url, token, claims, done)));
  const claimed = claims.find((claim) => claim.id === lone.id) as { at: number };
  const order = claims.findIndex((claim) => claim.id === lone.id) + 1;
  return { shownAt, waitMs: claimed.at - started, order };
}

const CLAIM_OLD = `select id from builds where status = 'pending' and is_removed = false
  order by queued_at, id limit 1 for update skip locked`;
const PLACES_OLD = `select id from builds where status = 'pending' and is_removed = false
  order by queued_at, id limit 50001`;

/** The claim's candidate query of this commit (server/queue/fair-order.ts), rendered to SQL; none before it. */
export async function currentQueries(): Promise<{ claim: string; places: string } | undefined> {
  const order = await import('../server/queue/fair-order').catch(() => undefined);
  if (!order) return undefined;
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const { sql } = await import('drizzle-orm');
  const dialect = new PgDialect();
  const inline = (query: ReturnType<typeof sql>) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return text.replace(/\$(\d+)/g, (_, n) => String(params[Number(n) - 1]));
  };
  return {
    claim: inline(
      sql`select f.id from ${order.claimCandidates(16)} f order by ${order.fairOrder('f')} limit 16`,
    ),
    places: inline(sql`select f.id from ${order.fairQueue()} f order by ${order.fairOrder('f')} limit 50001`),
  };
}

/** Milliseconds of EXPLAIN ANALYZE's execution time, median of 5 (after a warm-up). */
async function explainMs(db: PGlite, query: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    await db.exec('begin');
    const result = await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${query}`);
    await db.exec('rollback');
    const line = result.rows.map((row) => row['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
    if (i > 0) times.push(Number(/([\d.]+) ms/.exec(line ?? '')?.[1]));
  }
  times.sort((a, b) => a - b);
  return times[2];
}

/** 10,000 pending builds, copies of the first build, owned round robin by `owners` accounts. */
export async function fillQueue(db: PGlite, owners: number) {
  // The first build is the template (and stays, pending or not): the rest of the queue goes.
  await db.exec(`delete from builds where status = 'pending' and id > (select min(id) from builds)`);
  await db.exec(`
    insert into accounts (email, password_hash, worker)
    select 'queue-' || i || '@bench.test', 'not-a-hash', 'q' || i from generate_series(1, ${owners}) i
    on conflict do nothing`);
  await db.exec(`
    with owners as (
      select id, row_number() over (order by id) - 1 as n from accounts where email like 'queue-%@bench.test'
        and split_part(split_part(email, '@', 1), '-', 2)::int <= ${owners}),
    t as (select * from builds order by id limit 1)
    insert into builds (group_id, user_id, name, model, series, platform, install_type, release_id,
      release_version, stage, status, job_spec, queued_at)
    select t.group_id, o.id, t.name, t.model, t.series, t.platform, t.install_type, t.release_id,
      t.release_version, t.stage, 'pending', '{}'::jsonb, now() - (${PENDING_ROWS} - i) * interval '1 second'
    from generate_series(0, ${PENDING_ROWS - 1}) i cross join t join owners o on o.n = i % ${owners}`);
  await db.exec('analyze builds');
}

async function claimCosts(label: string, dataDir: string): Promise<Row[]> {
  const rows: Row[] = [];
  const queries = await currentQueries();
  const db = await PGlite.create(join(dataDir, 'pg'));
  try {
    for (const owners of [1, 1000]) {
      await fillQueue(db, owners);
      const who = `${PENDING_ROWS.toLocaleString('en')} pending, ${owners} partner${owners > 1 ? 's' : ''}`;
      const measure = async (what: string, query: string, note = 'EXPLAIN ANALYZE') => {
        rows.push([label, `${what}, ${who} (ms)`, (await explainMs(db, query)).toFixed(2), note]);
      };
      await measure('claim query, oldest first (as before)', CLAIM_OLD);
      await measure('queue places, oldest first (as before)', PLACES_OLD);
      if (!queries) continue;
      await measure("claim's candidates, fair order (then one update by id)", queries.claim);
      await measure('queue places, whole fair order', queries.places, 'kept per queue change');
    }
  } finally {
    await db.close();
  }
  return rows;
}

/** The rows, as bench/run.ts prints them: setup, what, figure, note. */
export async function benchFairQueue(label = 'PGlite (embedded)'): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fc-bench-fair-'));
  try {
    const server = await startSourceServer(dataDir);
    let wait: Awaited<ReturnType<typeof secondPartnersWait>>;
    try {
      wait = await secondPartnersWait(server.url);
    } finally {
      await server.stop();
    }
    const builds = wait.waitMs / BUILD_MS;
    return [
      [
        label,
        `second partner's 1 build behind the first's ${FIRST_PARTNER_BUILDS}, ${AGENTS} fake agents: wait (builds of ${BUILD_MS} ms)`,
        builds.toFixed(1),
        `claimed ${wait.order}th of all; shown at place ${wait.shownAt}`,
      ],
      // BENCH_FAIR_COSTS=0: the wait only (an older commit's schema lacks the fair order's index).
      ...(process.env.BENCH_FAIR_COSTS === '0' ? [] : await claimCosts(label, dataDir)),
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('fair-queue.ts')) {
  benchFairQueue().then(
    (rows) => {
      for (const row of rows) console.log(row.join(' | '));
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
