// What the browser gets (issue 14): bytes on the wire and Lighthouse's performance score, for the console and,
// in the same run on the same machine, for a bare react-admin app (bench/bare) served by the same server, and
// Lighthouse's figures of a page of React and MUI alone (bench/floor), the least any console on this stack does.
// `npx tsx bench/browser.ts` runs it alone (after `npm run build`, `npx vite build --config
// bench/bare/vite.config.ts` and `npx vite build --config bench/floor/vite.config.ts`) and prints the rows.
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/e2e/support/browser';
import { type RunningServer, startServer } from '../tests/e2e/support/server';
import { median } from './http-load';
import {
  calibratedSlowdown,
  lighthouseBrowser,
  type PerfScore,
  runLighthouse,
  signInForLighthouse,
  signOutOfLighthouse,
} from './lighthouse';
import { type AppUnderTest, bareApp, consoleApp, floorApp, measureWire, type WireBytes } from './wire';

type Row = [string, string, string, string];
const BARE_DIR = fileURLToPath(new URL('./bare/dist', import.meta.url));
const FLOOR_DIR = fileURLToPath(new URL('./floor/dist', import.meta.url));
const kb = (n: number) => n.toFixed(1);

async function wireRows(console: AppUnderTest, bare: AppUnderTest, runs: number): Promise<Row[]> {
  const browser = await launchBrowser({ full: true });
  try {
    // The browser's own first navigation (its processes starting) is not the page's: one page first.
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(`${console.url}/api/health/live`);
    await warm.close();
    const ours: WireBytes[] = [];
    const theirs: WireBytes[] = [];
    for (let i = 0; i < runs; i++) {
      ours.push(await measureWire(browser, console));
      theirs.push(await measureWire(browser, bare));
    }
    const m = (list: WireBytes[], key: keyof WireBytes) => median(list.map((w) => w[key]));
    return [
      [
        'client',
        '/login, cold cache: bytes on the wire (KB)',
        kb(m(ours, 'signInKb')),
        `target ≤ 120; bare react-admin ${kb(m(theirs, 'signInKb'))}`,
      ],
      [
        'client',
        'signing in to the first page (/releases), cold cache: bytes on the wire (KB)',
        kb(m(ours, 'signedInKb')),
        `target ≤ 300; bare react-admin ${kb(m(theirs, 'signedInKb'))}`,
      ],
    ];
  } finally {
    await browser.close();
  }
}

const fmtScore = (s: PerfScore) =>
  `${s.score.toFixed(2)} (FCP ${(s.fcpMs / 1000).toFixed(1)} s, LCP ${(s.lcpMs / 1000).toFixed(1)} s, TBT ${s.tbtMs.toFixed(0)} ms)`;

function medianScore(list: PerfScore[]): PerfScore {
  return {
    score: median(list.map((s) => s.score)),
    fcpMs: median(list.map((s) => s.fcpMs)),
    lcpMs: median(list.map((s) => s.lcpMs)),
    tbtMs: median(list.map((s) => s.tbtMs)),
    benchmarkIndex: median(list.map((s) => s.benchmarkIndex)),
    browser: [...new Set(list.map((s) => s.browser))].join(', '),
  };
}

/**
 * Lighthouse scores of `paths` for one app: /login signed out (cold), the rest signed in, cold and warm. With
 * `cpuSlowdown` (the slowdown calibrated to this machine), or for an app without a sign-in page, the signed-in
 * pages only.
 */
async function scores(
  app: AppUnderTest,
  paths: string[],
  runs: number,
  cpuSlowdown?: number,
  signInPage = !cpuSlowdown,
): Promise<Map<string, PerfScore>> {
  const browser = await lighthouseBrowser();
  const found = new Map<string, PerfScore[]>();
  const add = (key: string, s: PerfScore) => found.set(key, [...(found.get(key) ?? []), s]);
  try {
    for (let i = 0; i < runs; i++) {
      await (browser.context.pages()[0] ?? (await browser.context.newPage())).goto(
        `${app.url}/api/health/live`,
      );
      await signOutOfLighthouse(browser);
      if (signInPage) add('/login cold', await runLighthouse(browser, `${app.url}/login`, true));
      await signInForLighthouse(browser, app);
      for (const path of paths) {
        add(`${path} cold`, await runLighthouse(browser, `${app.url}${path}`, true, cpuSlowdown));
        add(`${path} warm`, await runLighthouse(browser, `${app.url}${path}`, false, cpuSlowdown));
      }
    }
  } finally {
    await browser.close();
  }
  return new Map([...found].map(([key, list]) => [key, medianScore(list)]));
}

async function lighthouseRows(
  console: AppUnderTest,
  bare: AppUnderTest,
  floor: AppUnderTest,
  runs: number,
): Promise<Row[]> {
  const ours = await scores(console, ['/releases', '/firmwares'], runs);
  const theirs = await scores(bare, ['/releases'], runs);
  const least = await scores(floor, ['/releases'], runs, undefined, false);
  const rows: Row[] = [];
  /** The median BenchmarkIndex of the runs behind `found`. */
  const index = (...found: Map<string, PerfScore>[]) =>
    median(found.flatMap((scores) => [...scores.values()].map((s) => s.benchmarkIndex)));
  const browsers = [...new Set([...ours.values()].map((s) => s.browser))].join(', ');
  rows.push([
    'client',
    `Lighthouse's BenchmarkIndex of this machine (median of the runs; ${browsers})`,
    index(ours).toFixed(0),
    `its 4× slowdown is calibrated for 1500–2000; the bare app's runs ${index(theirs).toFixed(0)}, ` +
      `React and MUI alone ${index(least).toFixed(0)}`,
  ]);
  const scoreRows = (
    ourScores: Map<string, PerfScore>,
    bareScores: Map<string, PerfScore>,
    floorScores: Map<string, PerfScore>,
    profile: string,
  ) => {
    /** The other app's figures for the page of `key` (/releases standing for /firmwares). */
    const same = (found: Map<string, PerfScore>, key: string) => {
      const s = found.get(key) ?? found.get(key.replace('/firmwares', '/releases'));
      return s ? fmtScore(s) : '—';
    };
    for (const [key, s] of ourScores) {
      const target = key.startsWith('/login') ? '≥ 0.95' : '≥ 0.90';
      rows.push([
        'client',
        `Lighthouse performance, ${key} cache (${profile})`,
        fmtScore(s),
        `target ${target}, TBT ≤ 200 ms; bare react-admin ${same(bareScores, key)}; ` +
          `React and MUI alone ${same(floorScores, key)}`,
      ]);
    }
  };
  scoreRows(ours, theirs, least, 'mobile');
  // The same signed-in pages with the CPU slowdown calibrated to this machine's BenchmarkIndex (the median of all
  // the runs above), for the three apps: how much of the default profile's figures is the host.
  const slowdown = calibratedSlowdown(index(ours, theirs));
  const calibrated = `mobile, CPU slowdown calibrated to this machine: ${slowdown.toFixed(1)}× instead of 4×`;
  scoreRows(
    await scores(console, ['/releases', '/firmwares'], runs, slowdown),
    await scores(bare, ['/releases'], runs, slowdown),
    await scores(floor, ['/releases'], runs, slowdown),
    calibrated,
  );
  return rows;
}

export async function benchBrowser(runs: number): Promise<Row[]> {
  let ours: RunningServer | undefined;
  let bare: RunningServer | undefined;
  let floor: RunningServer | undefined;
  try {
    // One after the other: two first starts at once would both write the PGlite template.
    ours = await startServer();
    bare = await startServer({ SPA_DIR: BARE_DIR });
    floor = await startServer({ SPA_DIR: FLOOR_DIR });
    const consoleUnder = consoleApp(ours.url, ours.admin);
    const bareUnder = bareApp(bare.url);
    return [
      ...(await wireRows(consoleUnder, bareUnder, runs)),
      ...(await lighthouseRows(consoleUnder, bareUnder, floorApp(floor.url), runs)),
    ];
  } finally {
    await Promise.all([ours?.stop(), bare?.stop(), floor?.stop()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchBrowser(Number(process.env.BENCH_RUNS ?? 3))) console.log(row.join(' | '));
}
