// `npm test` (issue 40): the type-check, the lint and the console's build, and two vitest runs beside them: one of
// the api, dom and unit projects from the start, and one of the e2e project as soon as the build is there.
//
// Why two runs at once: an e2e file spends much of its time waiting on pages, builds and restarts, and in one
// run the e2e files held every worker for ~400 s while the machine's two cores were busy 60 % of it. Vitest
// cannot mix projects in one group without ending a worker after nearly every file (it keeps a worker without
// isolation only while the next waiting file is of the same project), so the other projects fill those waits
// from a run of their own. The api, dom and unit run is niced: the e2e files are the longest chain and wait on
// the clock, the others only on the CPU.
//
// A failing check (type-check, lint, build) fails `npm test` and stops the tests at once. Arguments go to both
// vitest runs (a run with no file left by them passes). TEST_WORKERS sets the files at once in each run (3 for
// e2e, 2 for the others by default); TEST_JSON_DIR=<dir> also writes each run's JSON report there.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const jsonDir = process.env.TEST_JSON_DIR;
if (jsonDir) mkdirSync(jsonDir, { recursive: true });
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
const children = new Set();

/**
 * Runs `command` and prints its output: a check's whole when it ends (three at once would interleave), a test
 * run's line by line under its name.
 */
function run(name, command, argv, { env = {}, lines = false } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...color, ...env },
    });
    children.add(child);
    let output = '';
    let partial = '';
    const take = (chunk) => {
      if (!lines) {
        output += chunk;
        return;
      }
      const text = partial + chunk;
      const end = text.lastIndexOf('\n');
      partial = text.slice(end + 1);
      if (end >= 0)
        process.stdout.write(
          text
            .slice(0, end)
            .split('\n')
            .map((line) => `[${name}] ${line}\n`)
            .join(''),
        );
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const done = (code) => {
      children.delete(child);
      if (partial) process.stdout.write(`[${name}] ${partial}\n`);
      resolve({ name, code, output, seconds: (performance.now() - started) / 1000 });
    };
    child.on('error', (error) => {
      output += String(error);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function stopAll(signal = 'SIGTERM') {
  for (const child of children) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));

function report(check) {
  console.log(
    `\n> ${check.name}: ${check.code === 0 ? 'ok' : `failed (exit ${check.code})`}, ${check.seconds.toFixed(1)} s`,
  );
  if (check.output.trim()) console.log(check.output.trimEnd());
}

/** A vitest run of `projects`, its JSON report in TEST_JSON_DIR when set. */
function vitest(name, projects, workers, prefix = []) {
  const reporters = jsonDir
    ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(jsonDir, `${name}.json`)}`]
    : [];
  const argv = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--passWithNoTests',
    ...reporters,
  ];
  const [command, ...rest] = [...prefix, 'npx', ...argv, ...args];
  return run(name, command, rest, {
    env: { TEST_WORKERS: process.env.TEST_WORKERS ?? String(workers) },
    lines: true,
  });
}

let failed = false;
/** A check's end: printed whole; a failure stops everything. */
const checked = (promise) =>
  promise.then((check) => {
    report(check);
    if (check.code !== 0 && !failed) {
      failed = true;
      console.log(`\n> ${check.name} failed: stopping the tests`);
      stopAll();
    }
    return check;
  });

const started = performance.now();
const build = checked(
  run('build (scripts/build-if-stale.mjs)', process.execPath, ['scripts/build-if-stale.mjs']),
);
const runs = [
  checked(run('type-check (tsc --noEmit)', 'npx', ['tsc', '--noEmit'])),
  checked(run('lint (biome check .)', 'npx', ['biome', 'check', '.'])),
  build,
  vitest('api+dom+unit', ['api', 'dom', 'unit'], 2, ['nice', '-n', '5']),
  build.then((check) =>
    check.code === 0 && !failed ? vitest('e2e', ['e2e'], 3) : { name: 'e2e', code: 1, seconds: 0 },
  ),
];
const results = await Promise.all(runs);
const tests = results.slice(3);
console.log(
  `\n> npm test: ${failed || tests.some((t) => t.code !== 0) ? 'failed' : 'passed'} in ${((performance.now() - started) / 1000).toFixed(0)} s (${tests
    .map(
      (t) => `${t.name} ${t.code === 0 ? 'passed' : `failed (exit ${t.code})`} in ${t.seconds.toFixed(0)} s`,
    )
    .join('; ')})`,
);
process.exit(failed || tests.some((t) => t.code !== 0) ? 1 : 0);
