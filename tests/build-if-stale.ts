// A global set-up for the projects that run the built console (e2e, deploy): it is built first when a source is
// newer than it (scripts/build-if-stale.mjs, in a shell's environment), so that running one of them alone never
// tests a stale build. The deploy project once did, and its object-storage test failed on a sweep the stale
// build did not have (issue 39).
import { spawnSync } from 'node:child_process';

export default function buildIfStale(): void {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`building the console failed (exit ${build.status})`);
}
