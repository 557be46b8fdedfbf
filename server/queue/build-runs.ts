import { and, eq, inArray, sql } from 'drizzle-orm';
import { tagCommit } from '../builds/sources/tag-commits';
import type { Db } from '../platform/db/client';
import { type BuildRow, buildRuns, builds } from '../platform/db/schema';

// Issue 17: the record of each run of a build. A run begins each time the build enters the queue (submit,
// edit, rebuild, upgrade) and its record follows the build's state until the next one begins; the queue is
// the only writer, inside the transaction of the change it records.

type Tag = { repository_name: string; tag_name: string; url: string | null };

/** The release's tags the job names, with the commit each resolved to where the server knows it. */
async function commitsOf(spec: Record<string, unknown>) {
  const tags = ((spec.release as { tags?: Tag[] } | undefined)?.tags ?? []) as Tag[];
  return Promise.all(
    tags.map(async (tag) => ({
      repository: tag.repository_name,
      tag: tag.tag_name,
      commit: tag.url ? await tagCommit(tag.url, tag.tag_name).catch(() => null) : null,
    })),
  );
}

/** The record of the build's current run, begun now (as the build's row says it starts). */
export async function beginRun(db: Db, build: BuildRow): Promise<void> {
  await db.insert(buildRuns).values({
    build_id: build.id,
    run: build.run,
    release_id: build.release_id,
    release_version: build.release_version,
    commits: await commitsOf(build.job_spec),
    status: build.status,
    attempts: build.attempts,
    queued_at: build.queued_at,
    started_at: build.started_at,
    finished_at: build.finished_at,
    sha256: build.sha256,
    file_size: build.file_size,
  });
}

/**
 * Copies the builds' state into their current runs: status, attempts, times, artifact and the agent. The
 * agent's name is copied while the build has one, and kept once it has none (requeued, or the agent deleted).
 */
export async function syncRuns(db: Db, buildIds: number[]): Promise<void> {
  if (buildIds.length === 0) return;
  await db
    .update(buildRuns)
    .set({
      status: sql`${builds.status}`,
      attempts: sql`${builds.attempts}`,
      started_at: sql`${builds.started_at}`,
      finished_at: sql`${builds.finished_at}`,
      sha256: sql`${builds.sha256}`,
      file_size: sql`${builds.file_size}`,
      agent_id: sql`coalesce(${builds.worker_id}, ${buildRuns.agent_id})`,
      agent_name: sql`coalesce((select w.name from workers w where w.id = ${builds.worker_id}), ${buildRuns.agent_name})`,
    })
    .from(builds)
    .where(
      sql`${buildRuns.build_id} = ${builds.id} and ${buildRuns.run} = ${builds.run} and ${inArray(builds.id, buildIds)}`,
    );
}

/**
 * Ends the build's current run before the next one begins: a run still queued or running when the build is
 * queued again (a rebuild or edit meanwhile) was superseded, and reads as cancelled from then on.
 */
export async function closeRun(db: Db, buildId: number): Promise<void> {
  await db
    .update(buildRuns)
    .set({
      status: sql`case when ${buildRuns.status} in ('pending', 'in_progress') then 'cancelled' else ${buildRuns.status} end`,
      finished_at: sql`coalesce(${buildRuns.finished_at}, now())`,
    })
    .where(
      and(
        eq(buildRuns.build_id, buildId),
        sql`${buildRuns.run} = (select ${builds.run} from ${builds} where ${builds.id} = ${buildId})`,
      ),
    );
}
