// The e2e project's global set-up: one first start of the console, whose data directory every file's server
// then starts from (server.ts's `from`), instead of each file paying for initdb, migrations and seeding.
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
  const server = await startServer();
  // Stopped gracefully: a copy of a database killed mid-write would be no template.
  await server.stop({ keepDataDir: true });
  project.provide('e2eGoldenDataDir', server.dataDir);
  return () => rm(server.dataDir, { recursive: true, force: true });
}
