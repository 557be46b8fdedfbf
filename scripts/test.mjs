// `npm test` (issue 40): the type-check, the lint and the console's build at once, and one vitest run of the
// unit, dom, api and e2e projects as soon as the build is there (the e2e project tests the built console).
// The three checks share nothing and each uses one core: one after another they took ~70 s on a fresh clone of
// this 2-core machine before the first test ran; the type-check (~35 s) now runs beside the first api files.
// A failing check fails `npm test` and stops the tests at once. Arguments go to vitest; TEST_JSON_DIR=<dir>
// also writes vitest's JSON report there.
//
// Tried and undone (session 29): the e2e project in a vitest run of its own beside a niced run of the others,
// to fill the e2e files' waits. On a fresh clone it took 824 s against 763 s: three e2e files at once kept the
// cores busy by themselves (524 s for the project), the niced run starved and two of its tests ran out of time.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const jsonDir = process.env.TEST_JSON_DIR;
if (jsonDir) mkdirSync(jsonDir, { recursive: true });
const children = new Set();
let failed = false;

/** Runs `command`: a check's output is printed whole when it ends (three at once would interleave). */
function run(name, command, argv, { inherit = false } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, argv, {
      stdio: ['ignore', inherit ? 'inherit' : 'pipe', inherit ? 'inherit' : 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const done = (code) => {
      children.delete(child);
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

/** A check's end: printed whole; a failure stops everything. */
const checked = (promise) =>
  promise.then((check) => {
    console.log(
      `\n> ${check.name}: ${check.code === 0 ? 'ok' : `failed (exit ${check.code})`}, ${check.seconds.toFixed(1)} s`,
    );
    if (check.output.trim()) console.log(check.output.trimEnd());
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
const reporters = jsonDir
  ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(jsonDir, 'vitest.json')}`]
  : [];
const projects = ['unit', 'dom', 'api', 'e2e'].flatMap((project) => ['--project', project]);
const [, , , tests] = await Promise.all([
  checked(run('type-check (tsc --noEmit)', 'npx', ['tsc', '--noEmit'])),
  checked(run('lint (biome check .)', 'npx', ['biome', 'check', '.'])),
  build,
  build.then((check) =>
    check.code === 0 && !failed
      ? run('vitest', 'npx', ['vitest', 'run', ...projects, ...reporters, ...args], { inherit: true })
      : { code: 1 },
  ),
]);
const ok = !failed && tests.code === 0;
console.log(
  `\n> npm test: ${ok ? 'passed' : 'failed'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(ok ? 0 : 1);
