// A test's stand-in for the embedded agent (server/agents/embedded-agent-sandbox.test.ts): started with the
// very spawn options the console gives its build agent, it tries what a hostile build would and prints, as
// one JSON line, what each attempt gave: "allowed" or the error's code.
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const [secretFile, writable, forbiddenWrite, plantedLink] = process.argv.slice(2);

function attempt(action) {
  try {
    const result = action();
    if (result?.error) throw result.error;
    return 'allowed';
  } catch (error) {
    return error.code ?? String(error);
  }
}

const report = {
  readSecret: attempt(() => readFileSync(secretFile)),
  readParentEnviron: attempt(() => readFileSync(`/proc/${process.ppid}/environ`)),
  readOwnEnviron: attempt(() => readFileSync('/proc/self/environ')),
  writeWorkDir: attempt(() => writeFileSync(writable, 'ok')),
  readWorkDir: attempt(() => readFileSync(writable)),
  readPlantedLink: attempt(() => readFileSync(plantedLink)),
  makeLink: attempt(() => symlinkSync(secretFile, `${writable}.link`)),
  writeOutside: attempt(() => writeFileSync(forbiddenWrite, 'no')),
  spawnChild: attempt(() => spawnSync('true')),
  startWorker: attempt(() => new Worker('1', { eval: true }).terminate()),
  env: Object.keys(process.env).sort(),
};
console.log(JSON.stringify(report));
