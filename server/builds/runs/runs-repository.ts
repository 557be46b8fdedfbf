import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type BuildRunRow, buildRuns } from '../../platform/db/schema';

export type { BuildRunRow };

/** A build's runs, the latest first (issue 17; written by the queue, server/queue/build-runs.ts). */
export function listRuns(db: Db, buildId: number): Promise<BuildRunRow[]> {
  return db.select().from(buildRuns).where(eq(buildRuns.build_id, buildId)).orderBy(desc(buildRuns.run));
}
