import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { type BuildRow, builds, type NewBuildRow } from '../platform/db/schema';

/**
 * Tests only: writes any of a build's fields, its status included, to stage a state the test starts from
 * (done, failed, running). The code under test writes a build's state through server/queue/ alone
 * (server/queue/state-writers.test.ts).
 */
export async function stageBuild(db: Db, id: number, values: Partial<NewBuildRow>): Promise<BuildRow> {
  const [row] = await db
    .update(builds)
    .set({ ...values, updated_at: new Date() })
    .where(eq(builds.id, id))
    .returning();
  return row;
}
