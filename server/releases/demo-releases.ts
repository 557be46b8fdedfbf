import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '../../contract/constants';
import type { Db } from '../platform/db/client';
import {
  accounts,
  releaseDescriptions,
  releases,
  releaseTags,
  series,
  settings,
} from '../platform/db/schema';
import { getSetting } from '../platform/db/settings-repository';
import { demoReleasesOf } from './demo-release-notes';
import { type DemoRepository, ensureDemoRepositories } from './git/demo-repositories';
import { addSeriesRepository, findRepositoryByName, insertRepository } from './repositories-repository';

const REGISTERED_SETTING = 'demo_repositories_registered';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Registers the demo repositories and maps each series to its own firmware tree and the shared web UI. */
export async function registerDemoRepositories(db: Db, repos: DemoRepository[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const repo of repos) {
      // A repository of that name registered by an admin is kept as it is.
      const row =
        (await insertRepository(tx, { name: repo.name, url: repo.url })) ??
        (await findRepositoryByName(tx, repo.name));
      for (const name of repo.series) if (row) await addSeriesRepository(tx, name, row.id);
    }
  });
}

/**
 * Seeds the demo releases when there are none at all (removed ones count, so this happens once): for each
 * series the releases of `demoReleasesOf`, oldest first so ids follow time, tagged in every demo repository
 * the series maps to, described in English and Russian, authored by the first admin.
 */
export async function seedDemoReleases(db: Db, now = new Date()): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(releases);
  if (count > 0) return 0;
  const [admin] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.is_admin, true))
    .orderBy(asc(accounts.id))
    .limit(1);
  const seriesNames = (await db.select({ name: series.name }).from(series)).map((s) => s.name);
  const planned = seriesNames
    .flatMap((name) => demoReleasesOf(name).map((release) => ({ series: name, release })))
    .sort((a, b) => b.release.daysAgo - a.release.daysAgo || a.series.localeCompare(b.series));
  if (planned.length === 0) return 0;
  // Three statements for every release at once (a fresh console's start waits for them): ids are taken from
  // the sequence first, in order, so that ids follow time and each parent's id is known.
  await db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('releases', 'id'))::int` })
      .from(sql`generate_series(1, ${planned.length})`);
    const ids = new Map(
      planned.map(({ series: name, release }, i) => [`${name}/${release.key}`, taken[i].id]),
    );
    const idOf = (name: string, key: string) => ids.get(`${name}/${key}`) as number;
    await tx.insert(releases).values(
      planned.map(({ series: name, release }) => {
        const created = new Date(now.getTime() - release.daysAgo * DAY_MS);
        return {
          id: idOf(name, release.key),
          series: name,
          version: release.version,
          stage: release.stage,
          stage_number: release.stage_number,
          parent: release.parent ? (ids.get(`${name}/${release.parent}`) ?? null) : null,
          is_draft: release.is_draft,
          is_public: release.is_public,
          user_id: admin?.id ?? null,
          created_at: created,
          deploy_requested_at: release.is_draft ? null : created,
        };
      }),
    );
    await tx.insert(releaseTags).values(
      planned.flatMap(({ series: name, release }) =>
        [`firmware-${name}`, 'web-ui'].map((repository_name) => ({
          release_id: idOf(name, release.key),
          repository_name,
          tag_name: `v${release.version}`,
        })),
      ),
    );
    await tx.insert(releaseDescriptions).values(
      planned.flatMap(({ series: name, release }) => [
        { release_id: idOf(name, release.key), language: DEFAULT_LANGUAGE, description: release.notes.en },
        { release_id: idOf(name, release.key), language: 'ru', description: release.notes.ru },
      ]),
    );
  });
  return planned.length;
}

/**
 * With SEED_DEMO: the demo git repositories under DATA_DIR/repos, registered once (an admin may remove them
 * afterwards), and the demo releases. Without git the repositories are skipped with a warning; the releases
 * are still seeded so the console has something to show.
 */
export async function ensureDemoReleaseSources(
  db: Db,
  dataDir: string,
  warn: (message: string) => void = console.warn,
): Promise<void> {
  if ((await getSetting(db, REGISTERED_SETTING)) === undefined) {
    const seriesNames = (await db.select({ name: series.name }).from(series)).map((s) => s.name);
    try {
      const repos = await ensureDemoRepositories(dataDir, seriesNames);
      await registerDemoRepositories(db, repos);
      await db.insert(settings).values({ key: REGISTERED_SETTING, value: 'true' }).onConflictDoNothing();
    } catch (error) {
      warn(`Demo release sources skipped (is git installed?): ${(error as Error).message}`);
    }
  }
  await seedDemoReleases(db);
}
