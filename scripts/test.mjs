// `npm test`: the type-check, the lint and the console's build at once, then one vitest run of the unit, dom, api
// and e2e projects (issue 40). The three share nothing and each leaves a core idle: one after another they took
// ~70 s on a fresh clone of this 2-core machine before the first test ran. The build is the one the e2e
// project's global set-up would otherwise make (scripts/build-if-stale.mjs).
// Any of the three failing fails `npm test` before a test runs, as before; arguments go to vitest.
import { spawn } from 'node:child_process';

const PROJECTS = ['unit', 'dom', 'api', 'e2e'];

/** Runs `command`, keeping its output to print whole when it ends (three at once would interleave). */
function run(name, command, args) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ name, code: 1, output: String(error), seconds: 0 }));
    child.on('close', (code) =>
      resolve({ name, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const checks = await Promise.all([
  run('type-check (tsc --noEmit)', 'npx', ['tsc', '--noEmit']),
  run('lint (biome check .)', 'npx', ['biome', 'check', '.']),
  run('build (scripts/build-if-stale.mjs)', process.execPath, ['scripts/build-if-stale.mjs']),
]);
for (const check of checks) {
  console.log(
    `\n> ${check.name}: ${check.code === 0 ? 'ok' : `failed (exit ${check.code})`}, ${check.seconds.toFixed(1)} s`,
  );
  if (check.output.trim()) console.log(check.output.trimEnd());
}
if (checks.some((check) => check.code !== 0)) process.exit(1);

const projects = PROJECTS.flatMap((project) => ['--project', project]);
const vitest = spawn('npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)], { stdio: 'inherit' });
vitest.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vitest.kill(signal));
