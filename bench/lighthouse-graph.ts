// Why Lighthouse's simulated figures are what they are (issue 14). Lighthouse ("simulate", its default) loads the
// page once unthrottled, builds a graph of its requests and main-thread tasks, and computes FCP, LCP and TBT by
// replaying that graph on a slow network and CPU (Lantern). This gathers one load (a trace and the DevTools log)
// and audits it again offline: the same load at several CPU slowdowns, and the nodes of the simulated LCP
// (`pessimisticLargestContentfulPaint`) with their simulated start and end and what each waited for.
// `SPA_DIR=/abs/dist PAGE=/firmwares MODE=cold|warm GATHER=/tmp/<you>-graph npx tsx bench/lighthouse-graph.ts`;
// an existing GATHER folder is audited again without loading; CPUS=1,2,3,4 (default); GRAPH=0 skips the nodes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { startServer } from '../tests/e2e/support/server';
import { LIGHTHOUSE_FLAGS, lighthouseBrowser, readyForLoad, signInForLighthouse } from './lighthouse';
import { consoleApp } from './wire';

const GATHER = process.env.GATHER ?? '/tmp/fc-bench-graph';

interface Node {
  type: 'network' | 'cpu';
  startTime: number;
  duration: number;
  request?: { url: string; transferSize: number; resourceType?: string };
  getDependencies(): Node[];
}
type Timings = Map<Node, { startTime: number; endTime: number }>;

/** One load of PAGE signed in, as the bench's Lighthouse runs do, its artifacts kept in GATHER. */
async function gather(): Promise<void> {
  const server = await startServer({ SPA_DIR: process.env.SPA_DIR ?? 'dist' });
  const browser = await lighthouseBrowser();
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${server.url}/api/health/live`);
    await signInForLighthouse(browser, consoleApp(server.url, server.admin));
    const url = `${server.url}${process.env.PAGE ?? '/firmwares'}`;
    await readyForLoad(page, url, process.env.MODE !== 'warm');
    await lighthouse(url, { ...LIGHTHOUSE_FLAGS, port: browser.port, gatherMode: GATHER });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Audits the gathered load with `cpu` as the CPU slowdown (the artifacts' settings must say the same). */
async function audit(cpu: number) {
  const file = `${GATHER}/artifacts.json`;
  const artifacts = JSON.parse(readFileSync(file, 'utf8'));
  const settings = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu };
  artifacts.settings.throttling = settings;
  writeFileSync(file, JSON.stringify(artifacts));
  const result = await lighthouse(artifacts.URL.finalDisplayedUrl, {
    ...LIGHTHOUSE_FLAGS,
    auditMode: GATHER,
    throttling: settings,
  });
  if (!result) throw new Error('Lighthouse gave no result');
  const value = (id: string) => Math.round(Number(result.lhr.audits[id]?.numericValue));
  const metrics = (result.lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0];
  const element = (
    result.lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { nodeLabel?: string } }[] }[] }
      | undefined
  )?.items?.[0]?.items?.[0]?.node?.nodeLabel;
  if (cpu === 1)
    console.log(
      `unthrottled load: FCP ${metrics?.observedFirstContentfulPaint} ms, ` +
        `LCP ${metrics?.observedLargestContentfulPaint} ms, of «${element}»`,
    );
  console.log(
    `${cpu}×: score ${result.lhr.categories.performance?.score}, FCP ${value('first-contentful-paint')} ms, ` +
      `LCP ${value('largest-contentful-paint')} ms, TBT ${value('total-blocking-time')} ms`,
  );
}

const nameOf = (node: Node, origin: number) =>
  node.request
    ? new URL(node.request.url).pathname
    : `task@${Math.round((node.startTime - origin) / 1000)}ms (${Math.round(node.duration / 1000)} ms)`;

/** The nodes of the last audit's simulated LCP, by simulated start. */
function printLcpGraph(): void {
  const all = (Lantern.Simulation.Simulator as unknown as { allNodeTimings: Map<string, Timings> })
    .allNodeTimings;
  const timings = all.get('pessimisticLargestContentfulPaint');
  if (!timings) return;
  const rows = [...timings].sort((a, b) => a[1].startTime - b[1].startTime);
  const origin = Math.min(...rows.map(([node]) => node.startTime));
  console.log('simulated LCP graph: start–end ms, node (bytes), after');
  for (const [node, { startTime, endTime }] of rows) {
    const size = node.request ? ` (${node.request.transferSize} B)` : '';
    const after = node.getDependencies().map((dependency) => nameOf(dependency, origin));
    console.log(
      `${Math.round(startTime)}–${Math.round(endTime)} ${nameOf(node, origin)}${size} after ${after.join(', ')}`,
    );
  }
}

if (!existsSync(`${GATHER}/artifacts.json`)) await gather();
for (const cpu of (process.env.CPUS ?? '1,2,3,4').split(',').map(Number)) await audit(cpu);
if (process.env.GRAPH !== '0') printLcpGraph();
