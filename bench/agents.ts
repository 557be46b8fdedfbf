// Build agents and the queue: submit-to-claim latency with an idle agent, builds per minute with 1, 2 and 4
// real agent processes, agent event → WebSocket latency and fan-out to 500 clients. The embedded agent is off
// so that only the agents started here build.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../tests/e2e/support/server';
import { eventLatency, fanOut, LATENCY_SAMPLES } from './agent-events';
import { agentCall, prepare, type World } from './agent-world';
import { median, percentile } from './http-load';
import { scratchDatabase } from './lists';

type Row = [string, string, string, string];

/** How many agents to measure throughput with (BENCH_AGENT_COUNTS=1,2,4; empty skips it). */
const AGENT_COUNTS = (process.env.BENCH_AGENT_COUNTS ?? '1,2,4').split(',').filter(Boolean).map(Number);

/** p50 and p90 of submit answered → claim answered, with a claim already waiting each time. */
async function claimLatency(w: World, samples: number) {
  const { token } = await w.agent('bench-latency');
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const claimed = agentCall(w, token, 'POST', '/jobs/claim').then(async (res) => {
      const at = performance.now();
      if (res.status !== 200) throw new Error(`claim answered ${res.status} ${await res.text()}`);
      return { at, job: ((await res.json()) as { job: { id: number } }).job };
    });
    // Rejections are read below; a failed submit must not leave this one unhandled.
    claimed.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 150));
    await w.submit();
    const submitted = performance.now();
    const { at, job } = await claimed;
    latencies.push(at - submitted);
    await agentCall(w, token, 'POST', `/jobs/${job.id}/finish`, { status: 'failed', reason: 'bench' });
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p90: percentile(latencies, 90) };
}

function startAgent(url: string, token: string, workDir: string): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', 'agent/main.ts', '--server', url, '--token', token, '--work-dir', workDir],
    { stdio: 'ignore' },
  );
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Builds per minute with `agents` real agent processes, from the first submit to the last build done. */
async function throughput(w: World, agents: number, builds: number, workRoot: string): Promise<number> {
  const children: ChildProcess[] = [];
  try {
    for (let i = 0; i < agents; i++) {
      const { token } = await w.agent(`bench-${agents}-${i}`);
      children.push(startAgent(w.url, token, path.join(workRoot, `${agents}-${i}`)));
    }
    // Started and online: each agent's first heartbeat has landed.
    await until(
      async () => {
        const listed = await w.admin.call<{ name: string; status: string }[]>('GET', '/admin/workers');
        return (
          listed.filter((x) => x.name.startsWith(`bench-${agents}-`) && x.status !== 'offline').length ===
          agents
        );
      },
      60_000,
      'agents online',
    );
    const failedBefore = (await w.counters()).failed;
    const started = performance.now();
    for (let i = 0; i < builds; i++) await w.submit();
    await until(
      async () => {
        const c = await w.counters();
        return c.pending === 0 && c.in_progress === 0;
      },
      300_000,
      'builds done',
    );
    const perMinute = builds / ((performance.now() - started) / 60_000);
    const failed = (await w.counters()).failed - failedBefore;
    // On a database kept from an earlier run, the demo repositories may point at that run's DATA_DIR.
    if (failed > 0) {
      // Why: the newest failed task's log.
      const tasks = await w.admin.call<{ id: number; status: string }[]>('GET', '/admin/firmwares/tasks');
      const last = tasks.find((t) => t.status === 'failed');
      const log = last ? await w.admin.call<unknown>('GET', `/client/firmware/firmwares/${last.id}/log`) : '';
      throw new Error(
        `${failed} of ${builds} builds failed: use a fresh database\n${JSON.stringify(log).slice(-1500)}`,
      );
    }
    return perMinute;
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

/** How many admin sockets the fan-out holds (BENCH_WS_CLIENTS). */
const WS_CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 500);

/** The agent rows for one setup (PGlite, or PostgreSQL via DATABASE_URL in `env`). */
export async function benchAgents(label: string, env: Record<string, string>, runs: number): Promise<Row[]> {
  const rows: Row[] = [];
  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
  // On PostgreSQL a database of its own: one that earlier starts used registered the demo repositories of
  // their DATA_DIRs, which are gone, and every build would fail to fetch its sources.
  const scratch = env.DATABASE_URL ? await scratchDatabase(env.DATABASE_URL, 'agents') : undefined;
  const server = await startServer({
    ...env,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    EMBEDDED_AGENT: '0',
  });
  const workRoot = await mkdtemp(path.join(tmpdir(), 'bench-agents-'));
  try {
    const w = await prepare(server);
    const latencies = [];
    for (let i = 0; i < runs; i++) latencies.push(await claimLatency(w, 20));
    rows.push([
      label,
      'submit answered → claim answered, idle agent waiting (p50/p90 ms)',
      `${fmt(median(latencies.map((l) => l.p50)))}/${fmt(median(latencies.map((l) => l.p90)))}`,
      'target p50 < 100 (long poll woken by the submit)',
    ]);
    for (const agents of AGENT_COUNTS) {
      const perMinute = [];
      for (let i = 0; i < runs; i++) perMinute.push(await throughput(w, agents, 24, workRoot));
      rows.push([
        label,
        `builds per minute, ${agents} agent${agents > 1 ? 's' : ''} (default builder, demo sources)`,
        fmt(median(perMinute), 0),
        agents === 1 ? 'baseline' : 'same machine: agents share its 2 cores',
      ]);
    }
    const latency = [];
    for (let i = 0; i < runs; i++) latency.push(await eventLatency(w));
    rows.push([
      label,
      'agent event POST → message at an admin WebSocket (p50/p99 ms)',
      `${fmt(median(latency.map((l) => l.p50)))}/${fmt(median(latency.map((l) => l.p99)))}`,
      `target p50 < 50; ${LATENCY_SAMPLES} single-line events a run`,
    ]);
    const fans: Awaited<ReturnType<typeof fanOut>>[] = [];
    for (let i = 0; i < runs; i++) fans.push(await fanOut(w, WS_CLIENTS, 5));
    const fan = (key: keyof Awaited<ReturnType<typeof fanOut>>) => median(fans.map((f) => f[key]));
    rows.push([
      label,
      `WebSocket fan-out to ${WS_CLIENTS} admin clients (log lines/s published; messages/s delivered)`,
      `${fmt(fan('publishedPerSecond'), 0)}; ${fmt(fan('deliveredPerSecond'), 0)}`,
      `target 20,000 delivered/s; ${fmt(100 * fan('delivered'), 1)} % of lines × clients delivered`,
    ]);
    rows.push([
      label,
      `agent event POST → message, each of ${WS_CLIENTS} admin sockets (p50/p99 ms)`,
      `${fmt(fan('probeP50'))}/${fmt(fan('probeP99'))}`,
      'all sockets open, before the fan-out load',
    ]);
  } finally {
    await server.stop();
    await rm(workRoot, { recursive: true, force: true });
    await scratch?.drop();
  }
  return rows;
}

// `npx tsx bench/agents.ts` measures only these, and prints the rows (npm run bench writes them to README).
if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.env.BENCH_RUNS ?? 1);
  const rows = await benchAgents('PGlite (embedded)', {}, runs);
  if (process.env.BENCH_DATABASE_URL) {
    rows.push(...(await benchAgents('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, runs)));
  }
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}
