import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { ensureLanguages } from '../catalogue/languages-repository';
import type { Db } from '../platform/db/client';
import {
  type NewReleaseRow,
  releaseDescriptions,
  releases,
  releaseTags,
  repositories,
} from '../platform/db/schema';
import { registerDemoRepositories } from '../releases/demo-releases';
import { type DemoRepository, ensureDemoRepositories } from '../releases/git/demo-repositories';
import { insertRelease } from '../releases/releases-repository';
import { api, type BuildWorld } from './build-fixtures';
import { createSignedIn, createTestApp, seedCatalogue } from './helper';

export const ALL_SERIES = ['x19', 'x21', 'l9', 'l7', 'x17', 't2t'];

export interface ReleaseSources {
  dir: string;
  repos: DemoRepository[];
  cleanup: () => Promise<void>;
}

/**
 * The catalogue, the languages and the demo git repositories in a temp dir, registered and mapped (each
 * series → firmware-<series> + web-ui). Once per test file.
 */
export async function createReleaseSources(db: Db): Promise<ReleaseSources> {
  const dir = await mkdtemp(join(tmpdir(), 'release-sources-'));
  await seedCatalogue(db);
  await ensureLanguages(db);
  const repos = await ensureDemoRepositories(dir, ALL_SERIES);
  await registerDemoRepositories(db, repos);
  return { dir, repos, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Tags of the demo repositories of a series, as a release body names them. */
export const demoTags = (series: string, tag = 'v1.1.0') => [
  { repository_name: `firmware-${series}`, tag_name: tag },
  { repository_name: 'web-ui', tag_name: tag },
];

let versions = 0;

/** A release written straight to the database (no validation): a fixture for reads and updates. */
export async function makeRelease(db: Db, values: Partial<NewReleaseRow> = {}): Promise<number> {
  const series = values.series ?? 'x19';
  versions += 1;
  return insertRelease(
    db,
    {
      series,
      version: `0.${versions}.0`,
      stage: 'stable',
      is_draft: false,
      is_public: true,
      ...values,
    },
    demoTags(series),
    [
      { language: 'en', description: `Release notes ${versions}` },
      { language: 'ru', description: `Описание выпуска ${versions}` },
    ],
  );
}

/** Rows in the three release tables, to show a refused write left nothing behind. */
export async function countReleaseRows(db: Db): Promise<number[]> {
  const count = async (table: typeof releases | typeof releaseTags | typeof releaseDescriptions) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  return [await count(releases), await count(releaseTags), await count(releaseDescriptions)];
}

/**
 * The releases' tests' world: a test app with the demo release sources (removed on close), an admin and two
 * developers signed in.
 */
export async function createReleaseWorld() {
  const t = await createTestApp();
  const sources = await createReleaseSources(t.db);
  const admin = await createSignedIn(t.app, t.db, { role: 'admin' });
  const developer = await createSignedIn(t.app, t.db, { role: 'developer' });
  const otherDeveloper = await createSignedIn(t.app, t.db, { role: 'developer' });
  const close = async () => {
    await t.close();
    await sources.cleanup();
  };
  return { ...t, sources, admin, developer, otherDeveloper, close };
}

/**
 * Sources for releases in a world that already has its catalogue: the demo git repositories of x19 in a temp
 * dir, pointed to by the repositories rows of the same names and mapped to x19 (firmware-x19 + web-ui) through
 * the admin's API, and the languages of release notes. Answers the dir (for the caller to remove) and the URL of
 * the last repository.
 */
export async function mapDemoSourcesToX19(
  w: BuildWorld,
  prefix: string,
): Promise<{ sourcesDir: string; repositoryUrl: string }> {
  const sourcesDir = await mkdtemp(join(tmpdir(), prefix));
  await ensureLanguages(w.t.db);
  let repositoryUrl = '';
  for (const repository of await ensureDemoRepositories(sourcesDir, ['x19'])) {
    await w.t.db
      .update(repositories)
      .set({ url: repository.url })
      .where(eq(repositories.name, repository.name));
    repositoryUrl = repository.url;
  }
  const mapped = await api(w, 'PUT', '/admin/series-repository', w.admin.token, {
    series: 'x19',
    repositories: ['firmware-x19', 'web-ui'],
  });
  if (mapped.statusCode >= 300)
    throw new Error(`mapping x19's repositories: ${mapped.statusCode} ${mapped.body}`);
  return { sourcesDir, repositoryUrl };
}
