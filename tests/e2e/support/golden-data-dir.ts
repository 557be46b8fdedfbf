// The e2e project's global set-up: one first start of the console, whose data directory every file's server
// then starts from (server.ts's `from`), instead of each file paying for initdb, migrations and seeding.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import buildIfStale from '../../build-if-stale';
import { apiSession } from './api';
import { type RunningServer, startServer } from './server';

/** Beside the golden data directory once it is whole, or once making it failed (holding the error). */
export const READY = '.ready';
export const FAILED = '.failed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the built console initialised, migrated and seeded with startServer's defaults. */
    e2eGoldenDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The built console is what e2e tests: built first when a source is newer than it.
  buildIfStale();
  // Made in the background: the run's other projects start their files meanwhile instead of waiting ~25 s for
  // a first start from nothing (issue 40). Each e2e file's server waits for it (goldenDataDir in fixture.ts).
  const dataDir = await mkdtemp(join(tmpdir(), 'fc-e2e-golden-'));
  project.provide('e2eGoldenDataDir', dataDir);
  const making = makeGolden(dataDir).then(
    () => writeFile(`${dataDir}${READY}`, ''),
    (error: unknown) =>
      writeFile(`${dataDir}${FAILED}`, String(error instanceof Error ? error.stack : error)),
  );
  return async () => {
    await making;
    await Promise.all(
      [dataDir, `${dataDir}${READY}`, `${dataDir}${FAILED}`].map((path) =>
        rm(path, { recursive: true, force: true }),
      ),
    );
  };
}

/** A first start of the built console into `dataDir`, stopped once it has vacuumed. */
async function makeGolden(dataDir: string): Promise<void> {
  const server = await startServer({ DATA_DIR: dataDir }, { readyWithinMs: 180_000 });
  // After its first vacuum (5 s after the start), which each copy then skips as recent (pglite-maintenance.ts),
  // and by which the embedded agent has fetched the release sources each copy then holds (server.ts).
  const deadline = Date.now() + 120_000;
  while (!server.output().includes('embedded database vacuumed') && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  await sourcesHeld(server);
  // Stopped gracefully: a copy of a database killed mid-write would be no template.
  await server.stop({ keepDataDir: true });
}

/**
 * Waits until the embedded agent holds the sources of every deployed release: a copy made before then fetched
 * the rest again, ~5 `git archive`s of the server and downloads of the agent on every e2e server's start
 * (issue 40: the golden directory was copied with a half-fetched `.part` and four tars missing).
 */
async function sourcesHeld(server: RunningServer): Promise<void> {
  const admin = await apiSession(server.url, server.admin);
  const releases = await admin.call<{ id: number; deploy_requested_at: string | null }[]>(
    'GET',
    '/client/releases',
  );
  const deployed = releases.filter((r) => r.deploy_requested_at !== null).map((r) => r.id);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const workers = await admin.call<{ name: string; releases: { id: number }[] }[]>('GET', '/admin/workers');
    const held = new Set(workers.find((w) => w.name === 'embedded')?.releases.map((r) => r.id));
    if (deployed.every((id) => held.has(id))) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `the embedded agent did not fetch the sources of releases ${deployed.join(', ')} within 120 s`,
  );
}
