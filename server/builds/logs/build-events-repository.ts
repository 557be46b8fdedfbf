import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type BuildEventRow, buildEvents, builds } from '../../platform/db/schema';
import { clipLine } from './log-bounds';

export type { BuildEventRow };

/** The build's current run: the run its new lines belong to (issue 17). */
const currentRun = (buildId: number) =>
  sql<number>`(select ${builds.run} from ${builds} where ${builds.id} = ${buildId})`;

export interface AgentEvent {
  seq: number;
  type: 'log' | 'progress';
  data: string | number;
}

/**
 * Stores an agent's batch; an event already stored for (build, attempt, seq) is skipped, so a retried batch
 * doubles nothing. Answers only the rows stored now, in order: those are the ones to publish.
 */
export async function appendAgentEvents(
  db: Db,
  buildId: number,
  attempt: number,
  events: AgentEvent[],
): Promise<BuildEventRow[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(buildEvents)
    .values(
      events.map((event) => ({
        build_id: buildId,
        run: currentRun(buildId),
        attempt,
        agent_seq: event.seq,
        type: event.type,
        data: event.type === 'log' ? clipLine(String(event.data)) : String(event.data),
      })),
    )
    .onConflictDoNothing()
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** A line of the server's own (lease expired, the agent's failure reason…). */
export async function appendServerLine(
  db: Db,
  buildId: number,
  attempt: number,
  line: string,
): Promise<BuildEventRow> {
  const [row] = await db
    .insert(buildEvents)
    .values({ build_id: buildId, run: currentRun(buildId), attempt, type: 'log', data: clipLine(line) })
    .returning();
  return row;
}
