import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { fairOrder, fairQueue } from '../queue/fair-order';

/** The pending queue's version (migration 0007), as a column any query can carry. */
export const queueVersion = sql<string>`(select last_value::text from queue_version)`;

/** Queues longer than this are not kept in memory: their positions are counted per task instead. */
const MAX_KEPT = 50_000;
/**
 * How long positions are trusted at most: a writer moves the version before its commit is visible, so a read
 * in between could keep positions that miss that commit until the next change.
 */
const KEPT_MS = 2_000;

interface Kept {
  version: string;
  at: number;
  positions: Map<number, number>;
}

const kept = new WeakMap<Db, Kept>();

/** 1-based places of the given pending builds in the whole fair order (a very long queue). */
async function countPositions(db: Db, ids: number[]): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    select id, position from (
      select f.id, (row_number() over (order by ${fairOrder('f')}))::int as position from ${fairQueue()} f
    ) ranked
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const rows = (result as unknown as { rows: { id: number; position: number }[] }).rows;
  return new Map(rows.map((r) => [Number(r.id), Number(r.position)]));
}

/**
 * The places in the queue (1-based, in claim order) of the pending builds among `ids`, read at queue version
 * `version` (from the same statement as the builds). Every task list shows them, polled every 5 s by every
 * open console, and counting a long queue per task costs more than the page: the whole queue's order is read
 * once per version and kept, and a version that moves on (a submit, a claim, a cancel) reads it again.
 */
export async function queuePositions(db: Db, version: string, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const current = kept.get(db);
  if (current && current.version === version && Date.now() - current.at < KEPT_MS) return current.positions;
  // Issue 36: the fair order (server/queue/fair-order.ts), the claims' own.
  const result = await db.execute(sql`
    select f.id, ${queueVersion} as version from ${fairQueue()} f
    order by ${fairOrder('f')}
    limit ${MAX_KEPT + 1}`);
  const rows = (result as unknown as { rows: { id: number; version: string }[] }).rows.map((row) => ({
    id: Number(row.id),
    version: String(row.version),
  }));
  if (rows.length > MAX_KEPT) return countPositions(db, ids);
  const positions = new Map(rows.map((row, index) => [row.id, index + 1]));
  kept.set(db, { version: rows[0]?.version ?? version, at: Date.now(), positions });
  return positions;
}
