// `npx tsx bench/test-floor.ts`: the floor under the e2e project on this machine (issue 40). What the bare parts of
// one e2e file cost before any test asserts anything: a server's start (from nothing, and from a golden copy as
// the e2e project now does), Chromium's launch, and the page loads a test is made of. Multiplied by how often the
// suite does each, it is the least the e2e project can take in its present shape. Needs `npm run build`.
// Prints a markdown table; wall times are medians of RUNS runs, CPU is user + system time from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import { loginPage, shell } from '../tests/e2e/support/pages';
import { type RunningServer, startServer } from '../tests/e2e/support/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of `pid` and every live process under it. */
function treeCpuSeconds(root: number): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // Fields after the command's closing parenthesis: state ppid … utime (14th) stime (15th).
        const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return [{ pid: Number(pid), ppid: Number(after[1]), ticks: Number(after[11]) + Number(after[12]) }];
      } catch {
        return [];
      }
    });
  const inTree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats)
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid);
        grew = true;
      }
  }
  return stats.filter((s) => inTree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) / TICKS_PER_SECOND;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows: string[][] = [];
const row = (what: string, wall: number[], cpu: number[]) => {
  const line = [what, `${(median(wall) / 1000).toFixed(2)} s`, `${median(cpu).toFixed(1)} CPU-s`];
  console.log(line.join(' | '));
  rows.push(line);
};

async function starts(label: string, start: () => Promise<RunningServer>) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await start();
    wall.push(server.readyMs);
    cpu.push(treeCpuSeconds(server.pid));
    await server.stop();
  }
  row(label, wall, cpu);
}

/**
 * Wall milliseconds of `step`, and the CPU seconds this process's children other than `server` (Chromium)
 * spent meanwhile.
 */
async function timed(server: RunningServer, step: () => Promise<unknown>): Promise<[number, number]> {
  const others = () => treeCpuSeconds(process.pid) - treeCpuSeconds(server.pid);
  const cpuBefore = others();
  const started = performance.now();
  await step();
  return [performance.now() - started, others() - cpuBefore];
}

async function main() {
  await starts('server, first start from nothing (initdb, migrations, seed)', () => startServer());
  const golden = await startServer();
  await golden.stop({ keepDataDir: true });
  await starts('server, start from a golden copy', () => startServer({}, { from: golden.dataDir }));

  const server = await startServer({}, { from: golden.dataDir });
  const phases: Record<string, [number[], number[]]> = {};
  const note = (name: string, [wall, cpu]: [number, number]) => {
    phases[name] ??= [[], []];
    phases[name][0].push(wall);
    phases[name][1].push(cpu);
  };
  for (let i = 0; i < RUNS; i++) {
    let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
    note(
      'Chromium launch',
      await timed(server, async () => {
        browser = await launchBrowser();
      }),
    );
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page: Page = await context.newPage();
    note(
      'new context, the sign-in page loaded',
      await timed(server, () => loginPage(page, server.url).open()),
    );
    note(
      'sign in through the form to /releases, its table drawn',
      await timed(server, async () => {
        await loginPage(page, server.url).signIn(server.admin.email, server.admin.password);
        await page.waitForURL(/\/releases$/);
        await page.getByRole('table').first().waitFor();
      }),
    );
    note(
      'page.goto of another console page (/firmwares), drawn',
      await timed(server, async () => {
        await page.goto(`${server.url}/firmwares`);
        await shell(page)
          .menuItem(/^Releases$/)
          .waitFor();
      }),
    );
    note(
      'client-side navigation by the menu (/releases), drawn',
      await timed(server, async () => {
        await shell(page)
          .menuItem(/^Releases$/)
          .click();
        await page.getByRole('table').first().waitFor();
      }),
    );
    await browser.close();
  }
  for (const [name, [wall, cpu]] of Object.entries(phases)) row(name, wall, cpu);
  await server.stop();
  await rm(golden.dataDir, { recursive: true, force: true });

  console.log(`\n| step (median of ${RUNS}) | wall | CPU |\n| --- | --- | --- |`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

await main();
