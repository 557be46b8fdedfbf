import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { fairOrder, fairQueue } from '../queue/fair-order';

/** The pending queue's version (migration 0007), as a column any query can carry. */
export const queueVersion = sql<string>`(select last_value::text from queue_version)`;

/**
 * How long positions are trusted at most: a writer moves the version before its commit is visible, so a read
 * in between could keep positions that miss that commit until the next change.
 */
export const KEPT_MS = 2_000;
/**
 * A read that took long (issue 42: 250-1,400 ms for 40,000 pending builds on a loaded machine) is trusted this
 * many times its reading at the same version, when that is more than KEPT_MS: reading again every KEPT_MS
 * took a third to half of a connection's time, for the rare write whose commit a read may miss.
 */
const KEPT_COST_FACTOR = 10;

/**
 * The whole queue's places at one version: the pending builds' ids in ascending order and each one's 1-based
 * place beside it (12 bytes a build: 50,000 pending builds take 600 kB).
 */
export interface QueuePlaces {
  version: string;
  at: number;
  /** How long it took to read (ms). */
  tookMs: number;
  ids: Int32Array;
  places: Int32Array;
}

/** The places read last, and the read under way (shared by every request that needs it meanwhile). */
const kept = new WeakMap<Db, QueuePlaces>();
const reading = new WeakMap<Db, Promise<QueuePlaces>>();

/** The places of `order` (pending ids in claim order), indexed by id. */
export function placesOf(order: Int32Array, version: string, at = Date.now(), tookMs = 0): QueuePlaces {
  const byId = new Uint32Array(order.length);
  for (let i = 0; i < byId.length; i++) byId[i] = i;
  byId.sort((a, b) => order[a] - order[b]);
  const ids = new Int32Array(order.length);
  const places = new Int32Array(order.length);
  for (let k = 0; k < byId.length; k++) {
    ids[k] = order[byId[k]];
    places[k] = byId[k] + 1;
  }
  return { version, at, tookMs, ids, places };
}

/** `id`'s 1-based place, or undefined when it is not pending. */
export function placeOf(queue: QueuePlaces, id: number): number | undefined {
  let low = 0;
  let high = queue.ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = queue.ids[mid];
    if (at === id) return queue.places[mid];
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

/**
 * The whole queue in the fair order (issue 36: server/queue/fair-order.ts, the claims' own), as one text
 * column: 50,000 rows cost more to send and decode than to order.
 */
async function readPlaces(db: Db): Promise<QueuePlaces> {
  const at = Date.now();
  const result = await db.execute(sql`
    select ${queueVersion} as version,
      (select string_agg(f.id::text, ',' order by ${fairOrder('f')}) from ${fairQueue()} f) as ids`);
  const [row] = (result as unknown as { rows: { version: string; ids: string | null }[] }).rows;
  const order = row?.ids ? Int32Array.from(row.ids.split(','), Number) : new Int32Array();
  return placesOf(order, String(row?.version ?? ''), at, Date.now() - at);
}

/** Reads the places again, once at a time per database: whoever asks meanwhile shares that read. */
function refresh(db: Db): Promise<QueuePlaces> {
  const under = reading.get(db);
  if (under) return under;
  const read = readPlaces(db)
    .then((places) => {
      kept.set(db, places);
      return places;
    })
    .finally(() => reading.delete(db));
  reading.set(db, read);
  return read;
}

/** Whether queue version `a` comes after `b` (sequence values; '' is before all). */
const newer = (a: string, b: string) => (a === '' ? false : b === '' ? true : BigInt(a) > BigInt(b));

/**
 * The places in the queue (1-based, in claim order) of the pending builds among `ids`, read at queue version
 * `version` (from the same statement as the builds). Every task list shows them, polled every 5 s by every
 * open console, and ordering a long queue costs more than the page (~190 ms for 40,000 pending builds on
 * PostgreSQL, issue 42): the whole order is read once per version and kept, shared by the requests that need
 * it meanwhile; a page of a version after the kept one's (a submit, a claim, a cancel since) reads it again
 * (a page read before the kept order takes that: it is already later than the page), and positions kept
 * KEPT_MS (a slow read: KEPT_COST_FACTOR times its reading) are read again behind the requests, which take the
 * kept ones until then.
 */
export async function queuePositions(db: Db, version: string, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  let queue = kept.get(db);
  if (queue && !newer(version, queue.version)) {
    if (Date.now() - queue.at >= Math.max(KEPT_MS, KEPT_COST_FACTOR * queue.tookMs))
      refresh(db).catch(() => {});
  } else {
    queue = await refresh(db);
    // A read begun before this page's version moved on cannot have its builds: read once more.
    if (newer(version, queue.version)) queue = await refresh(db);
  }
  const positions = new Map<number, number>();
  for (const id of ids) {
    const place = placeOf(queue, id);
    if (place !== undefined) positions.set(id, place);
  }
  return positions;
}

/** Drops the places kept for `db` (tests that read the queue at one version twice). */
export function forgetQueuePositions(db: Db): void {
  kept.delete(db);
}
