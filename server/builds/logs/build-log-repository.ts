import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { preparedOnce } from '../../platform/db/prepared-statements';
import { buildEvents } from '../../platform/db/schema';
import { fixedPace, StatementPace } from './log-statement-pace';

/**
 * Reading a build's log in pieces (issue 14, "Logs of any size"). Every statement here reads at most a few
 * thousand rows by the index (build_id, id): on the embedded database a query runs on the server's own thread,
 * so a log of any size is read as many short queries with the event loop free between them, never as one. The
 * downloads and the pages are read as statements of a few milliseconds each, taking turns (log-statement-pace.ts).
 */

export interface LogRow {
  /** The event's id: increases along the log; live log_build messages carry the same. */
  seq: number;
  line: string;
  at: Date;
}

/** Lines of the first statement of the text download; then sized by time (textPace). */
export const LOG_TEXT_CHUNK = 1000;
/**
 * Milliseconds a statement of a log read should take. On PGlite the longest statement bounds what a request
 * waits (issue 14: /api/health/live p99 < 50 ms while three clients read a 100,000-line log). Measured on the
 * bench on 2026-11-25 (bench/HISTORY.md, *log reads paced by time*): 2 ms kept the paging probes' p99 lowest;
 * 4 ms made the download's statements (and the text each hands on to compression and the socket) long enough
 * to double the probes' p50.
 */
export const LOG_STATEMENT_MS = 2;
/** A pace of `initial` lines a statement at first, then sized between `min` and `max` to take LOG_STATEMENT_MS. */
function pacedAt(initial: number, min: number, max: number) {
  return new StatementPace({ initial, min, max, targetMs: LOG_STATEMENT_MS });
}
/**
 * The text download's pace: one value a statement (the lines joined in SQL), ~1.2 µs a line on an idle machine;
 * at most 2,000 lines, as what a statement answers is still encoded, compressed and written after it.
 */
const textPace = pacedAt(LOG_TEXT_CHUNK, 100, 2000);
/** The pages' pace: rows of three columns, each decoded in JS, ~6 µs a line on an idle machine. */
const rowPace = pacedAt(300, 50, 1000);
const paceOf = (pace: StatementPace | number) => (typeof pace === 'number' ? fixedPace(pace) : pace);
/** Lines the first statement of a search looks through; then sized by time (searchPace). */
export const LOG_SEARCH_CHUNK = 5000;
/** A search's pace: its statements answer the matches only, the lines are looked through in SQL. */
const searchPace = pacedAt(LOG_SEARCH_CHUNK, 500, 20_000);

const e = buildEvents;
const columns = { seq: e.id, line: e.data, at: e.created_at };
/** Above any id: the newest page is `before` this. */
const END = Number.MAX_SAFE_INTEGER;
/** The log lines of the run the placeholders `build` and `run` name, on the side of an id `side` says. */
const ofRunLog = (side: SQL) =>
  and(eq(e.build_id, sql.placeholder('build')), eq(e.run, sql.placeholder('run')), eq(e.type, 'log'), side);

/** The statement reading a page of a run's log on one `side` of a line: newest first before it, oldest first after. */
const pageStatement = (db: Db, side: 'before' | 'after') =>
  preparedOnce(db, `log_${side}_run`, [], (name) =>
    db
      .select(columns)
      .from(e)
      .where(
        ofRunLog(
          side === 'before' ? lt(e.id, sql.placeholder('before')) : gt(e.id, sql.placeholder('after')),
        ),
      )
      .orderBy(side === 'before' ? desc(e.id) : asc(e.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );

/**
 * `limit` lines of the text download after `after`, joined in SQL (one value to decode, not a row each); a
 * prepared statement, its plan kept (the download is many short statements: planning each was a fair share).
 */
const textStatement = (db: Db) =>
  preparedOnce(db, 'log_text_run', [], (name) => {
    const c = db
      .select({ id: e.id, data: e.data })
      .from(e)
      .where(ofRunLog(gt(e.id, sql.placeholder('after'))))
      .orderBy(asc(e.id))
      .limit(sql.placeholder('limit'))
      .as('c');
    return db
      .select({
        last: sql<number | string | null>`max(${c.id})`,
        n: sql<number>`count(*)::int`,
        text: sql<string | null>`string_agg(${c.data}, chr(10) order by ${c.id})`,
      })
      .from(c)
      .prepare(name);
  });

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

/**
 * `limit` rows read from `from` on, one statement of at most pace.lines() at a time, each in a turn of its own:
 * a page of 2,000 lines is one answer, not one statement. `more` says whether rows lie beyond the last one.
 */
async function readInPieces(
  pace: StatementPace,
  from: number,
  limit: number,
  statement: (from: number, lines: number) => Promise<LogRow[]>,
): Promise<{ rows: LogRow[]; more: boolean }> {
  const rows: LogRow[] = [];
  let cursor = from;
  for (;;) {
    // The last piece asks one line more, to learn whether the page is the log's last.
    const asked = Math.min(pace.lines(), limit - rows.length + 1);
    const piece = await pace.run(
      asked,
      () => statement(cursor, asked),
      (r) => r.length,
    );
    rows.push(...piece);
    if (piece.length < asked || rows.length > limit)
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    cursor = piece[piece.length - 1].seq;
  }
}

/** The `limit` lines just before `before` (the newest `limit` without it), oldest first. */
export async function logPageBefore(
  db: Db,
  { id: buildId, run }: RunOf,
  before: number | undefined,
  limit: number,
  pace: StatementPace | number = rowPace,
): Promise<LogPage> {
  const read = await readInPieces(paceOf(pace), before ?? END, limit, (from, lines) =>
    pageStatement(db, 'before').execute({ build: buildId, run, before: from, limit: lines }),
  );
  return { rows: read.rows.reverse(), older: read.more, newer: before !== undefined };
}

/** The `limit` lines just after `after`, oldest first: what a reader holding the log up to `after` lacks. */
export async function logPageAfter(
  db: Db,
  { id: buildId, run }: RunOf,
  after: number,
  limit: number,
  pace: StatementPace | number = rowPace,
): Promise<LogPage> {
  const read = await readInPieces(paceOf(pace), after, limit, (from, lines) =>
    pageStatement(db, 'after').execute({ build: buildId, run, after: from, limit: lines }),
  );
  return { rows: read.rows, older: true, newer: read.more };
}

/**
 * Every line of the log as text, oldest first, one piece per statement (keyset paging: memory stays flat), of
 * `pace` lines: sized by time unless a number is given. The statement joins its lines itself (one value to
 * decode, not a row each), and each statement waits for a turn of the event loop of its own (StatementPace.run):
 * PGlite answers without any I/O, so three downloads read back to back would otherwise hold every other request
 * until they end (issue 14).
 */
export async function* logTextChunks(
  db: Db,
  { id: buildId, run }: RunOf,
  pace: StatementPace | number = textPace,
): AsyncGenerator<string> {
  const paced = paceOf(pace);
  let after = 0;
  for (;;) {
    const chunk = paced.lines();
    const [row] = await paced.run(
      chunk,
      () => textStatement(db).execute({ build: buildId, run, after, limit: chunk }),
      (rows) => Number(rows[0]?.n ?? 0),
    );
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
 * a statement of `pace` lines at a time (sized by time unless a number is given, each in a turn of its own),
 * newest first, until `limit` matches are found or the log's start: each
 * statement answers its matches and its oldest line (where the next one goes on).
 */
export async function searchLog(
  db: Db,
  { id: buildId, run }: RunOf,
  needle: string,
  before: number | undefined,
  limit: number,
  pace: StatementPace | number = searchPace,
): Promise<LogSearch> {
  const paced = paceOf(pace);
  const found: LogRow[] = [];
  let cursor = before ?? END;
  for (;;) {
    const chunk = paced.lines();
    const statement = () =>
      db.execute<ChunkRow>(sql`
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
    const rowsOf = (result: unknown) => (result as { rows: ChunkRow[] }).rows;
    const rows = rowsOf(await paced.run(chunk, statement, (r) => Number(rowsOf(r)[0]?.n ?? 0)));
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
