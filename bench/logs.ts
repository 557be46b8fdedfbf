// A 100,000-line build log (issue 14): the "View log" dialog's time to its last line, beside a 100-line log's;
// /api/health/live p50/p99 idle and while three clients read the whole log; the server's RSS meanwhile. Run alone:
// `npx tsx bench/logs.ts` (after `npm run build`), on PGlite, and on PostgreSQL with BENCH_DATABASE_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { LOG_PAGE_MAX } from '../contract/schemas/tasks-schemas';
import { startWithLogs } from '../tests/e2e/support/bigLog';
import { launchBrowser, newVisitor } from '../tests/e2e/support/browser';
import type { RunningServer } from '../tests/e2e/support/server';
import { type LoadResult, load, median, throwOnFailures } from './http-load';
import { scratchDatabase, signInAs } from './lists';
import { type DialogTimes, openLogTimes } from './log-dialog';

type Row = [string, string, string, string];
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

export const BIG_LINES = 100_000;
const SMALL_LINES = 100;
const BIG_SET = 'Bench big log';
const SMALL_SET = 'Bench small log';
/** Clients reading the whole log at once, as issue 14 has it. */
const READERS = 3;
/** Clients probing /api/health/live back to back (idle and under the readers alike). */
const PROBES = 4;

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Samples the process's RSS every 20 ms until stopped; answers the peak. */
function rssSampler(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

interface ReadersDone {
  /** Milliseconds of each whole read finished (reads under way at the stop are not counted). */
  reads: number[];
  /** Bytes of log read, whole reads or not. */
  bytes: number;
  seconds: number;
}

interface Readers {
  go(): void;
  stop(): Promise<ReadersDone>;
  child: ChildProcess;
}

/** `clients` readers of the whole log in a child process (bench/log-readers.ts). */
async function startReaders(
  url: string,
  token: string,
  buildId: number,
  mode: 'txt' | 'json',
  clients: number,
): Promise<Readers> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/log-readers.ts', url, token, String(buildId), mode, String(clients)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`log readers exited ${code}`)));
    });
  if ((await next()) !== 'ready') throw new Error('log readers did not start');
  return {
    child,
    go: () => child.stdin?.write('go\n'),
    stop: async () => {
      child.stdin?.write('stop\n');
      return JSON.parse(await next()) as ReadersDone;
    },
  };
}

interface Phase extends ReadersDone {
  health: LoadResult;
  peakRss: number;
}

/** Health probes for `seconds`, alone or while `readers` read the whole log; RSS sampled throughout. */
async function phase(
  server: RunningServer,
  seconds: number,
  readers?: () => Promise<Readers>,
): Promise<Phase> {
  const running = await readers?.();
  try {
    const sample = rssSampler(server.pid);
    running?.go();
    // Give the readers a moment to be under way, so every probe meets them.
    if (running) await new Promise((r) => setTimeout(r, 200));
    const health = await load(`${server.url}/api/health/live`, {}, { concurrency: PROBES, seconds });
    const peakRss = sample();
    const done = running ? await running.stop() : { reads: [], bytes: 0, seconds };
    throwOnFailures('/api/health/live', [health]);
    return { health, peakRss, ...done };
  } finally {
    running?.child.kill('SIGTERM');
  }
}

const healthCell = (list: Phase[]) =>
  `${fmt(median(list.map((p) => p.health.p50)))}/${fmt(median(list.map((p) => p.health.p99)))}`;

async function dialogRows(
  label: string,
  browser: Browser,
  server: RunningServer,
  runs: number,
): Promise<Row[]> {
  const big: DialogTimes[] = [];
  const small: DialogTimes[] = [];
  for (let i = 0; i < runs; i++) {
    // Each in a fresh context (a cold cache, signed in anew), the small log first in even runs.
    const order = i % 2 === 0 ? ['small', 'big'] : ['big', 'small'];
    for (const which of order) {
      const context = await newVisitor(browser);
      try {
        const times = await openLogTimes(context, server, which === 'big' ? BIG_SET : SMALL_SET, {
          lastLine: which === 'big' ? BIG_LINES : SMALL_LINES,
        });
        (which === 'big' ? big : small).push(times);
      } finally {
        await context.close();
      }
    }
  }
  const m = (list: DialogTimes[], key: keyof DialogTimes) => fmt(median(list.map((t) => t[key])), 0);
  return [
    [
      label,
      `"View log" click → the last of ${BIG_LINES.toLocaleString('en')} lines in view, first open in a fresh context (ms)`,
      m(big, 'coldMs'),
      `target < 500; ${SMALL_LINES}-line log ${m(small, 'coldMs')}`,
    ],
    [
      label,
      `"View log" click → the last of ${BIG_LINES.toLocaleString('en')} lines in view, opened again (ms)`,
      m(big, 'warmMs'),
      `target < 500; ${SMALL_LINES}-line log ${m(small, 'warmMs')}`,
    ],
  ];
}

/** One whole read of each kind by the bench itself, nothing else running: how long a reader waits. */
async function readAlone(url: string, token: string, buildId: number) {
  const base = `${url}/api/client/firmware/firmwares/${buildId}`;
  const headers = { authorization: `Bearer ${token}` };
  const timed = async (read: () => Promise<number>) => {
    const t0 = performance.now();
    const bytes = await read();
    return { seconds: (performance.now() - t0) / 1000, bytes };
  };
  const txt = await timed(async () => {
    const res = await fetch(`${base}/log.txt`, { headers });
    return (await res.arrayBuffer()).byteLength;
  });
  const json = await timed(async () => {
    let bytes = 0;
    let before: number | null = null;
    do {
      const query: string = before ? `&before=${before}` : '';
      const res = await fetch(`${base}/log?limit=${LOG_PAGE_MAX}${query}`, { headers });
      const text = await res.text();
      bytes += Buffer.byteLength(text);
      before = (JSON.parse(text) as { before: number | null }).before;
    } while (before);
    return bytes;
  });
  return { txt, json };
}

async function loadRows(
  label: string,
  server: RunningServer,
  token: string,
  buildId: number,
  { runs, seconds }: { runs: number; seconds: number },
): Promise<Row[]> {
  const idle: Phase[] = [];
  const txt: Phase[] = [];
  const json: Phase[] = [];
  const alone = await readAlone(server.url, token, buildId);
  const idleRss = rssMb(server.pid);
  const readers = (mode: 'txt' | 'json') => () => startReaders(server.url, token, buildId, mode, READERS);
  // Interleaved run by run, so load on the machine meets the baseline and both readings alike.
  for (let i = 0; i < runs; i++) {
    idle.push(await phase(server, seconds));
    txt.push(await phase(server, seconds, readers('txt')));
    json.push(await phase(server, seconds, readers('json')));
  }
  const readCell = (list: Phase[]) => {
    const mbs = median(list.map((p) => p.bytes / 2 ** 20 / p.seconds));
    const reads = list.reduce((n, p) => n + p.reads.length, 0);
    return `the readers got ${fmt(mbs)} MB/s of log in all (${reads} whole reads finished)`;
  };
  const peak = (list: Phase[]) => fmt(Math.max(...list.map((p) => p.peakRss)), 0);
  return [
    [
      label,
      'one whole read alone: GET …/log.txt; GET …/log pages newest → oldest (s)',
      `${fmt(alone.txt.seconds, 2)}; ${fmt(alone.json.seconds, 2)}`,
      `${fmt(alone.txt.bytes / 2 ** 20)} MB of text; ${fmt(alone.json.bytes / 2 ** 20)} MB of JSON in pages of ${LOG_PAGE_MAX} lines`,
    ],
    [
      label,
      `GET /api/health/live, ${PROBES} clients, idle (p50/p99 ms)`,
      healthCell(idle),
      'baseline: no log read',
    ],
    [
      label,
      `GET /api/health/live while ${READERS} clients stream GET …/log.txt in a loop (p50/p99 ms)`,
      healthCell(txt),
      `target p99 < 50; ${readCell(txt)}`,
    ],
    [
      label,
      `GET /api/health/live while ${READERS} clients page GET …/log newest → oldest in a loop (p50/p99 ms)`,
      healthCell(json),
      `target p99 < 50; ${readCell(json)}`,
    ],
    [
      label,
      'server RSS: idle; peak under the health probes alone; peak while streaming; while paging (MB)',
      `${fmt(idleRss, 0)}; ${peak(idle)}; ${peak(txt)}; ${peak(json)}`,
      `the log is ${fmt(alone.txt.bytes / 2 ** 20)} MB of text: reading it should not add that per reader`,
    ],
  ];
}

export async function benchLogs(
  label: string,
  env: Record<string, string>,
  { runs = 3, seconds = 3, dialog = true } = {},
): Promise<Row[]> {
  const scratch = env.DATABASE_URL ? await scratchDatabase(env.DATABASE_URL, 'logs') : undefined;
  const serverEnv = scratch ? { ...env, DATABASE_URL: scratch.url } : env;
  let started: Awaited<ReturnType<typeof startWithLogs>> | undefined;
  let browser: Browser | undefined;
  try {
    started = await startWithLogs(
      [
        { set: BIG_SET, lines: BIG_LINES },
        { set: SMALL_SET, lines: SMALL_LINES },
      ],
      serverEnv,
    );
    const { server } = started;
    const token = await signInAs(server.url, server.partner);
    const rows: Row[] = [];
    if (dialog) {
      browser = await launchBrowser({ full: true });
      // The browser's own first start is not the dialog's: one page first.
      const warm = await browser.newContext();
      await (await warm.newPage()).goto(`${server.url}/api/health/live`);
      await warm.close();
      rows.push(...(await dialogRows(label, browser, server, runs)));
      await browser.close();
      browser = undefined;
    }
    rows.push(...(await loadRows(label, server, token, started.buildIds[0], { runs, seconds })));
    return rows;
  } finally {
    await browser?.close();
    await started?.server.stop();
    if (started) await rm(started.dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = {
    runs: Number(process.env.BENCH_RUNS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 3),
    // BENCH_SKIP_CLIENT=1: no browser, so no dist/ needed for the dialog (the server's build still is).
    dialog: process.env.BENCH_SKIP_CLIENT !== '1',
  };
  const print = (rows: Row[]) => {
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  };
  print(await benchLogs('PGlite (embedded)', {}, options));
  if (process.env.BENCH_DATABASE_URL)
    print(await benchLogs('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, options));
}
