import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type BuildRow, builds } from '../../platform/db/schema';
import { keptRun, rowsOf, runRetentionDays } from '../runs/kept-runs';
import type { ArtifactRef, ArtifactStore } from './artifact-store';

/**
 * Issue 16 item 4. A build whose configuration hash equals a done, not removed build's is served from that
 * build's artifact: each content is stored once (artifact-store.ts) and kept while a build row names its
 * sha256. The advisory lock orders the two sides: a reuse holds it shared until its row is committed, and
 * deleting a content holds it exclusively while it checks that no row names it, so a content is never deleted
 * under a build that has just been given it. (PostgreSQL's advisory locks; any constant of our own.)
 */
const ARTIFACT_REFS_LOCK = 160_416_004;

/** Orphans younger than this are left alone: an upload may be naming them in its row right now. */
export const ORPHAN_GRACE_MS = 10 * 60_000;

/**
 * The done, not removed build of this configuration whose artifact is stored, the most recent first, or
 * undefined. Runs inside the submit's transaction, which then holds the lock until its new row is committed.
 */
export async function findReusable(
  db: Db,
  store: ArtifactStore,
  configHash: string,
): Promise<BuildRow | undefined> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${ARTIFACT_REFS_LOCK})`);
  const candidates = await db
    .select()
    .from(builds)
    .where(
      and(
        eq(builds.config_hash, configHash),
        eq(builds.status, 'done'),
        eq(builds.is_removed, false),
        isNotNull(builds.sha256),
      ),
    )
    .orderBy(desc(builds.finished_at), desc(builds.id))
    .limit(5);
  for (const row of candidates) if (row.sha256 && (await store.hasBlob(row.sha256))) return row;
  return undefined;
}

/** The reused build's log line: which build it was served from, and that no agent ran. */
export function reuseLine(source: Pick<BuildRow, 'id' | 'sha256' | 'finished_at' | 'config_hash'>): string {
  const when = source.finished_at ? `, built ${source.finished_at.toISOString()}` : '';
  return (
    `Reused the artifact of build #${source.id}${when}: the same configuration ` +
    `(hash ${source.config_hash?.slice(0, 12)}), sha256 ${source.sha256}; no agent ran. ` +
    'Rebuild to build it afresh.'
  );
}

/** Deletes the stored contents among `sha256s` that no build row and no kept run names any more. */
export async function pruneArtifacts(
  db: Db,
  store: ArtifactStore,
  sha256s: Iterable<string | null>,
): Promise<string[]> {
  const wanted = [...new Set([...sha256s].filter((sha): sha is string => Boolean(sha)))];
  if (wanted.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ARTIFACT_REFS_LOCK})`);
    const named = await tx
      .selectDistinct({ sha256: builds.sha256 })
      .from(builds)
      .where(inArray(builds.sha256, wanted));
    // Issue 37: an earlier run's file stays while that run is kept (runs/kept-runs.ts).
    const days = await runRetentionDays(tx);
    const ofRuns = rowsOf<{ sha256: string }>(
      await tx.execute(sql`select distinct r.sha256 from build_runs r join builds b on b.id = r.build_id
        where r.sha256 in (${sql.join(
          wanted.map((sha) => sql`${sha}`),
          sql`, `,
        )}) and ${keptRun(days)}`),
    );
    const kept = new Set([...named, ...ofRuns].map((row) => row.sha256));
    const removed = wanted.filter((sha) => !kept.has(sha));
    for (const sha of removed) await store.removeBlob(sha);
    return removed;
  });
}

/**
 * `full_clean` of builds whose rows no longer name their artifact: each one's file from before issue 16 goes,
 * and each stored content goes when it was its last build's.
 */
export async function releaseArtifacts(db: Db, store: ArtifactStore, removed: ArtifactRef[]): Promise<void> {
  for (const build of removed) await store.removeLegacy(build.uuid);
  await pruneArtifacts(
    db,
    store,
    removed.map((build) => build.sha256),
  );
}

/**
 * Stored contents no build and no kept run names any more (a rebuilt build's previous artifact, once its run
 * is past the retention) and older than the grace period: deleted. Run at start, every hour and after every
 * full_clean.
 */
export async function sweepOrphanArtifacts(
  db: Db,
  store: ArtifactStore,
  graceMs = ORPHAN_GRACE_MS,
): Promise<string[]> {
  const before = Date.now() - graceMs;
  const old = (await store.listBlobs()).filter((blob) => blob.mtimeMs < before);
  return pruneArtifacts(
    db,
    store,
    old.map((blob) => blob.sha256),
  );
}
