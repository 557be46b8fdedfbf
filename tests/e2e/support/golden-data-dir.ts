// The e2e project's global set-up: one first start of the console, whose data directory every file's server
// then starts from (server.ts's `from`), instead of each file paying for initdb, migrations and seeding.
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the built console initialised, migrated and seeded with startServer's defaults. */
    e2eGoldenDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The built console is what e2e tests: built here, when a source is newer than it, so that `npm test` can run
  // every project in one vitest run (issue 40) and `vitest run --project e2e` alone never tests a stale build.
  // Without vitest's NODE_ENV=test (and its other variables): with it, Vite built React's development bundle,
  // 143 KB on the wire for /login instead of 93, which sign-in-page.test.ts caught. As `npm run build` in a shell.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !name.startsWith('VITEST'),
    ),
  );
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit', env });
  if (build.status !== 0) throw new Error(`building the console failed (exit ${build.status})`);
  const server = await startServer();
  // After its first vacuum (5 s after the start), which each copy then skips as recent (pglite-maintenance.ts),
  // and by which the embedded agent has fetched the release sources each copy then holds (server.ts).
  const deadline = Date.now() + 120_000;
  while (!server.output().includes('embedded database vacuumed') && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  // Stopped gracefully: a copy of a database killed mid-write would be no template.
  await server.stop({ keepDataDir: true });
  project.provide('e2eGoldenDataDir', server.dataDir);
  return () => rm(server.dataDir, { recursive: true, force: true });
}
