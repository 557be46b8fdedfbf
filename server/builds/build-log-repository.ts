import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { preparedOnce } from '../platform/db/prepared-statements';
import { buildEvents } from '../platform/db/schema';

/**
 * Reading a build's log in pieces (issue 14, "Logs of any size"). Every statement here reads at most a few
 * thousand rows by the index (build_id, id): on the embedded database a query runs on the server's own thread,
 * so a log of any size is read as many short queries with the event loop free between them, never as one.
 */

export interface LogRow {
  /** The event's id: increases along the log; live log_build messages carry the same. */
  seq: number;
  line: string;
  at: Date;
}

/** Lines per statement of the text download. */
export const LOG_TEXT_CHUNK = 1000;
/** Lines one statement of a search looks through; a search reads the log this many at a time. */
export const LOG_SEARCH_CHUNK = 5000;

const e = buildEvents;
const columns = { seq: e.id, line: e.data, at: e.created_at };
/** Above any id: the newest page is `before` this. */
const END = Number.MAX_SAFE_INTEGER;

/** The statement reading a page of a run's log on one `side` of a line: newest first before it, oldest first after. */
const pageStatement = (db: Db, side: 'before' | 'after') =>
  preparedOnce(db, `log_${side}_run`, [], (name) =>
    db
      .select(columns)
      .from(e)
      .where(
        and(
          eq(e.build_id, sql.placeholder('build')),
          eq(e.run, sql.placeholder('run')),
          eq(e.type, 'log'),
          side === 'before' ? lt(e.id, sql.placeholder('before')) : gt(e.id, sql.placeholder('after')),
        ),
      )
      .orderBy(side === 'before' ? desc(e.id) : asc(e.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );

export interface LogPage {
  /** Oldest first. */
  rows: LogRow[];
  /** Lines older than the first one exist. */
  older: boolean;
  /** Lines newer than the last one exist (stored when this was read). */
  newer: boolean;
}

/** A build's run: its log is read by run (issue 17). */
export interface RunOf {
  id: number;
  run: number;
}

/** The `limit` lines just before `before` (the newest `limit` without it), oldest first. */
export async function logPageBefore(
  db: Db,
  { id: buildId, run }: RunOf,
  before: number | undefined,
  limit: number,
): Promise<LogPage> {
  const rows = await pageStatement(db, 'before').execute({
    build: buildId,
    run,
    before: before ?? END,
    limit: limit + 1,
  });
  const older = rows.length > limit;
  return { rows: rows.slice(0, limit).reverse(), older, newer: before !== undefined };
}

/** The `limit` lines just after `after`, oldest first: what a reader holding the log up to `after` lacks. */
export async function logPageAfter(
  db: Db,
  { id: buildId, run }: RunOf,
  after: number,
  limit: number,
): Promise<LogPage> {
  const rows = await pageStatement(db, 'after').execute({ build: buildId, run, after, limit: limit + 1 });
  return { rows: rows.slice(0, limit), older: true, newer: rows.length > limit };
}

/** A turn of the event loop: what requests waiting on the server's one thread need to be read and answered. */
const aTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The last turn promised to a statement of a download (of any build, in this process). */
let lastTurn: Promise<void> = Promise.resolve();

/**
 * The next turn of the event loop no other download's statement has: downloads under way take turns, one
 * statement a turn, so a request that comes meanwhile waits for one statement, not one of each download.
 */
function nextFreeTurn(): Promise<void> {
  lastTurn = lastTurn.then(aTurn);
  return lastTurn;
}

/**
 * Every line of the log as text, oldest first, one piece per statement of `chunk` lines (keyset paging: memory
 * stays flat). The statement joins its lines itself (one value to decode, not `chunk` rows), and each statement
 * waits for a turn of the event loop of its own (nextFreeTurn): PGlite answers without any I/O, so three
 * downloads read back to back would otherwise hold every other request until they end (issue 14).
 */
export async function* logTextChunks(
  db: Db,
  { id: buildId, run }: RunOf,
  chunk = LOG_TEXT_CHUNK,
): AsyncGenerator<string> {
  let after = 0;
  for (;;) {
    await nextFreeTurn();
    const result = await db.execute<{ last: number | string | null; n: number; text: string | null }>(sql`
      select max(id) as last, count(*)::int as n, string_agg(data, chr(10) order by id) as text
      from (
        select id, data from ${e}
        where build_id = ${buildId} and run = ${run} and type = 'log' and id > ${after}
        order by id limit ${chunk}
      ) c`);
    const [row] = (result as unknown as { rows: { last: number | string | null; n: number; text: string }[] })
      .rows;
    if (row && row.n > 0) yield `${row.text}\n`;
    if (!row || row.n < chunk) return;
    after = Number(row.last);
  }
}

export interface LogSearch {
  /** The matching lines found, oldest first (at most `limit`). */
  rows: LogRow[];
  /** Where to go on for older matches (the `before` of the next search page); null: the log's start reached. */
  before: number | null;
}

type ChunkRow = {
  seq: number | string;
  line: string;
  at: Date | string;
  hit: boolean;
  floor: number | string;
  n: number;
};

/**
 * The lines containing `needle` (any case), the newest first, going back from `before`. The log is read
 * LOG_SEARCH_CHUNK lines a statement, newest first, until `limit` matches are found or the log's start: each
 * statement answers its matches and its oldest line (where the next one goes on).
 */
export async function searchLog(
  db: Db,
  { id: buildId, run }: RunOf,
  needle: string,
  before: number | undefined,
  limit: number,
  chunk = LOG_SEARCH_CHUNK,
): Promise<LogSearch> {
  const found: LogRow[] = [];
  let cursor = before ?? END;
  for (;;) {
    const result = await db.execute<ChunkRow>(sql`
      select seq, line, at, hit, floor, n from (
        select id as seq, data as line, created_at as at, strpos(lower(data), lower(${needle})) > 0 as hit,
          min(id) over () as floor, (count(*) over ())::int as n
        from (
          select id, data, created_at from ${e}
          where build_id = ${buildId} and run = ${run} and type = 'log' and id < ${cursor}
          order by id desc limit ${chunk}
        ) c
      ) w
      where hit or seq = floor
      order by seq desc`);
    const rows = (result as unknown as { rows: ChunkRow[] }).rows;
    if (rows.length === 0) return { rows: found.reverse(), before: null };
    for (const row of rows) {
      if (!row.hit) continue;
      found.push({ seq: Number(row.seq), line: row.line, at: new Date(row.at) });
      if (found.length === limit) return { rows: found.reverse(), before: Number(row.seq) };
    }
    if (Number(rows[0].n) < chunk) return { rows: found.reverse(), before: null };
    cursor = Number(rows[0].floor);
  }
}
