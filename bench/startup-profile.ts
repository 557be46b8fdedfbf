// What the signed-in console's main thread does at start-up (issue 14): loads a page signed in under a 4× CPU
// slowdown (CDP Emulation.setCPUThrottlingRate), traces it, and prints the long tasks (what each holds) and the
// CPU profile's self time by source file and by function. Source files come from source maps: build with
// `npx vite build --sourcemap --outDir /tmp/<you>-dist-map` and pass SPA_DIR=/tmp/<you>-dist-map.
// `SPA_DIR=… PAGE=/releases npx tsx bench/startup-profile.ts`; THROTTLE=1 SUMMARY=1 prints the summary only:
// main-thread CPU time ×4 and the blocking time it makes (Σ max(0, 4 × task CPU time − 50 ms)), in all and after
// the first contentful paint (Lighthouse's TBT window), which a busy shared machine disturbs far less than
// Lighthouse's wall-clock figures; BARE=1 SPA_DIR=bench/bare/dist measures the bare app. The page is loaded with
// the console's chunks in the cache (the sign-in, to /releases, loaded them just before). As Lighthouse loads it:
// NEWTAB=1 in a new tab (a new renderer, without the compiled code the last one kept in memory), LHCATS=1 with
// the trace categories Lighthouse adds (the stack of each timer and request: costly for code that sets many).
// LONG_MS=15 lists the tasks over 15 ms (by default over 50), SELF=1 adds each one's self time by file.
import { launchBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { type CallFrame, sourceMaps } from './source-maps';
import { bareApp, consoleApp } from './wire';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event: unlike `dur`, the same on a busy machine. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown>; [key: string]: unknown };
}

const SPA_DIR = process.env.SPA_DIR ?? 'dist';
const { sourceOf, functionOf } = sourceMaps(SPA_DIR);
const PAGE = process.env.PAGE ?? '/releases';
const WAIT_MS = Number(process.env.WAIT_MS ?? 14_000);
/** CDP CPU throttling while tracing; 1 measures CPU time only (SUMMARY), scaled by 4 as Lighthouse does. */
const THROTTLE = Number(process.env.THROTTLE ?? 4);
const SUMMARY = process.env.SUMMARY === '1';

async function main() {
  const server = await startServer({ SPA_DIR });
  const browser = await launchBrowser({ full: true });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    let page = await context.newPage();
    // BARE=1: the bare react-admin app (SPA_DIR=bench/bare/dist), the yardstick of bench/browser.ts.
    const app = process.env.BARE === '1' ? bareApp(server.url) : consoleApp(server.url, server.admin);
    await page.goto(`${server.url}/login`);
    await app.loginReady(page);
    await app.signIn(page);
    await app.signedInPage(page);
    await page.goto(`${server.url}/api/health/live`);
    if (process.env.NEWTAB === '1') {
      await page.close();
      page = await context.newPage();
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'disabled-by-default-v8.cpu_profiler',
        'toplevel',
        ...(process.env.LHCATS === '1'
          ? [
              'disabled-by-default-devtools.timeline.stack',
              'disabled-by-default-devtools.timeline.frame',
              'disabled-by-default-devtools.timeline.invalidationTracking',
              'latencyInfo',
            ]
          : []),
      ].join(','),
      transferMode: 'ReportEvents',
    });
    await page.goto(`${server.url}${PAGE}`);
    await page.waitForTimeout(WAIT_MS);
    await cdp.send('Tracing.end');
    await done;
    await report(events);
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function report(events: TraceEvent[]) {
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart');
  const threadName = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.ph === 'M',
  );
  // The renderer of the page: the main thread that ran the most of the page's own script (a new tab also starts
  // Chromium's own pages).
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let main = threadName;
  let best = 0;
  for (const m of mains) {
    const busy = events
      .filter(
        (e) =>
          e.pid === m.pid &&
          e.tid === m.tid &&
          (e.name === 'FunctionCall' || e.name === 'EvaluateScript') &&
          String((e.args?.data as { url?: string } | undefined)?.url ?? '').includes('/assets/'),
      )
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (busy > best) {
      best = busy;
      main = m;
    }
  }
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const t0 = nav?.ts ?? Math.min(...onMain.filter((e) => e.name === 'RunTask').map((e) => e.ts));
  const at = (ts: number) => ((ts - t0) / 1000).toFixed(0);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const busyMs = tasks.reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
  const long = tasks.filter((e) => (e.dur ?? 0) > Number(process.env.LONG_MS ?? 50) * 1000);
  console.log(`main thread busy ${busyMs.toFixed(0)} ms in ${WAIT_MS} ms; ${long.length} long tasks`);
  console.log(
    `blocking (sum of task − 50 ms): ${long.reduce((s, e) => s + Math.max(0, (e.dur ?? 0) / 1000 - 50), 0).toFixed(0)} ms`,
  );
  // As Lighthouse simulates a 4× slower phone from an unthrottled run, but from CPU time, so that other work on
  // a shared machine does not count: Σ max(0, 4 × CPU time − 50 ms) over the main thread's tasks.
  const scale = 4 / THROTTLE;
  const cpu = tasks.map((e) => ((e.tdur ?? e.dur ?? 0) / 1000) * scale);
  const cpuBlocking = cpu.reduce((s, ms) => s + Math.max(0, ms - 50), 0);
  const cpuTotal = cpu.reduce((s, ms) => s + ms, 0);
  const cpuLong = cpu.filter((ms) => ms > 50);
  console.log(
    `CPU-based, ×4: main thread ${cpuTotal.toFixed(0)} ms, blocking ${cpuBlocking.toFixed(0)} ms, ${cpuLong.length} long tasks, longest ${Math.max(0, ...cpuLong).toFixed(0)} ms`,
  );
  // Lighthouse's TBT counts only the tasks after the first contentful paint: the navigation's own first task
  // (the document's set-up, which tracing makes long) is not among them. The first paint after the navigation: the
  // page loaded before it (/api/health/live) may report its own paint once the trace has started.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= t0);
  if (fcp) {
    const after = tasks.flatMap((e, i) => (e.ts >= fcp.ts ? [cpu[i] ?? 0] : []));
    const afterLong = after.filter((ms) => ms > 50);
    console.log(
      `CPU-based, ×4, after the first paint (${at(fcp.ts)} ms): blocking ${after.reduce((s, ms) => s + Math.max(0, ms - 50), 0).toFixed(0)} ms; long tasks ${afterLong.map((ms) => ms.toFixed(0)).join(', ')}`,
    );
  }
  if (SUMMARY) return;

  // CPU profile samples, on the main thread's clock.
  const samples: { ts: number; frame: CallFrame; stack: CallFrame[] }[] = [];
  const nodes = new Map<number, { callFrame: CallFrame; parent?: number }>();
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  let ts = Number((profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id !== profile?.id || e.pid !== main.pid) continue;
    const data = e.args?.data as {
      cpuProfile?: { nodes?: { id: number; callFrame: CallFrame; parent?: number }[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? [])
      nodes.set(n.id, { callFrame: n.callFrame, parent: n.parent });
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const node = nodes.get(id);
      if (!node) return;
      const stack: CallFrame[] = [];
      for (let n: number | undefined = id; n !== undefined; n = nodes.get(n)?.parent) {
        const f = nodes.get(n)?.callFrame;
        if (f) stack.push(f);
      }
      samples.push({ ts, frame: node.callFrame, stack });
    });
  }
  const interval =
    samples.length > 1 ? (samples[samples.length - 1].ts - samples[0].ts) / (samples.length - 1) / 1000 : 0;
  const top = async (list: typeof samples, key: (f: CallFrame) => Promise<string>, n: number) => {
    const by = new Map<string, number>();
    for (const s of list) {
      if (s.frame.functionName === '(idle)' || s.frame.functionName === '(program)') continue;
      const k = await key(s.frame);
      by.set(k, (by.get(k) ?? 0) + interval);
    }
    return [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  };
  /** Inclusive time by source file: each sample counted once per file on its stack. */
  const inclusive = async (list: typeof samples, n: number) => {
    const by = new Map<string, number>();
    for (const s of list) {
      const files = new Set<string>();
      for (const f of s.stack) if (f.url) files.add(await sourceOf(f));
      for (const k of files) by.set(k, (by.get(k) ?? 0) + interval);
    }
    return [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  };

  /** Inclusive time by function of our code or MUI/react-admin components (what renders). */
  const inclusiveFns = async (list: typeof samples, n: number) => {
    const by = new Map<string, number>();
    for (const s of list) {
      const fns = new Set<string>();
      for (const f of s.stack) {
        if (!f.url) continue;
        const fn = await functionOf(f);
        if (
          /@(work|nm:@mui\/material|nm:ra-ui|nm:ra-core)/.test(fn) &&
          !/retryingImport|lazyPage|main\.tsx/.test(fn)
        )
          fns.add(fn.replace(/:\d+$/, ''));
      }
      for (const k of fns) by.set(k, (by.get(k) ?? 0) + interval);
    }
    return [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `      fn ${ms.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  };
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter(
      (e) => e.ts >= task.ts && e.ts < end && e !== task && e.ph === 'X' && (e.dur ?? 0) > 5_000,
    );
    const what = inside
      .filter((e) =>
        [
          'EvaluateScript',
          'v8.compile',
          'v8.compileModule',
          'v8.evaluateModule',
          'FunctionCall',
          'TimerFire',
          'FireAnimationFrame',
          'ParseHTML',
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'V8.GC_SCAVENGER',
          'MajorGC',
          'MinorGC',
          'RunMicrotasks',
          'v8.run',
          'XHRReadyStateChange',
          'EventDispatch',
        ].includes(e.name),
      )
      .slice(0, 8)
      .map((e) => {
        const d = e.args?.data as { url?: string; functionName?: string; type?: string } | undefined;
        const where = (d?.url ?? '').replace(/^.*\/assets\//, '');
        return `${e.name}${where ? ` ${where}` : ''}${d?.functionName ? ` ${d.functionName}` : ''}${d?.type ? ` ${d.type}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
      });
    console.log(
      `\n  long task at ${at(task.ts)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${what.join('; ')}`,
    );
    const within = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    console.log(await inclusive(within, 10));
    if (process.env.SELF === '1') {
      console.log('      self:');
      console.log(await top(within, sourceOf, 25));
      console.log(await top(within, functionOf, 15));
    }
    console.log(await inclusiveFns(within, 14));
    const phase = new Map<string, number>();
    for (const smp of within) {
      const names = new Set<string>();
      for (const f of smp.stack) names.add((await functionOf(f)).split('@')[0]);
      for (const k of [
        'workLoopSync',
        'workLoopConcurrentByScheduler',
        'workLoopConcurrent',
        'commitRoot',
        'flushSyncWorkAcrossRoots_impl',
        'performWorkOnRootViaSchedulerTask',
        'flushPassiveEffects',
      ])
        if (names.has(k)) phase.set(k, (phase.get(k) ?? 0) + interval);
    }
    console.log(`      phases: ${[...phase].map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
    const kinds = new Map<string, number>();
    for (const e of onMain)
      if (e.ts >= task.ts && e.ts < end && e !== task && e.ph === 'X')
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    console.log(
      `      events: ${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', ')}`,
    );
  }
  const allPhases = new Map<string, number>();
  for (const smp of samples) {
    const names = new Set<string>();
    for (const f of smp.stack) names.add((await functionOf(f)).split('@')[0]);
    for (const k of [
      'workLoopSync',
      'workLoopConcurrentByScheduler',
      'renderRootSync',
      'renderRootConcurrent',
      'commitRoot',
      'flushPassiveEffects',
      'flushSyncWorkAcrossRoots_impl',
      'performWorkOnRootViaSchedulerTask',
    ])
      if (names.has(k)) allPhases.set(k, (allPhases.get(k) ?? 0) + interval);
  }
  console.log(
    `\nReact phases, whole run: ${[...allPhases].map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`,
  );
  console.log(`\nself time by source file (sampling ${interval.toFixed(2)} ms):`);
  console.log(await top(samples, sourceOf, 40));
  console.log('\nself time by function:');
  console.log(await top(samples, functionOf, 40));
  console.log('\ninclusive time by source file:');
  console.log(await inclusive(samples, 60));
}

await main();
