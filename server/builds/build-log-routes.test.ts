import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { logPageAfter, logPageBefore, logTextChunks, searchLog } from './build-log-repository';
import { StatementPace } from './log-statement-pace';

/** Lines of the seeded log: `line 1` … `line <LINES>` (~4,500); every 1000th also says NEEDLE. */
let LINES = 0;
const text = (n: number) => `line ${n}${n % 1000 === 0 ? ' NEEDLE here' : ''}`;

interface Log {
  progress: number;
  lines: { seq: number; line: string; at: string }[];
  before: number | null;
  after: number | null;
}

const w = sharedWorld(createBuildWorld);

let buildId: number;
/** The seq of each line by its number (1-based). */
const seqOf = new Map<number, number>();

beforeAll(async () => {
  const set = await createSet(w, w.partner.token, 'log-set');
  buildId = (await submit(w, w.partner.token, buildBody(w, set.id))).id;
  // The lines straight into the table (an agent would take minutes), with progress events among them that
  // a log page must skip, and another build's lines interleaved that it must not show; then each line of the
  // build is given its text: `line <n>`, n counting its log lines from 1.
  const other = await submit(w, w.partner.token, buildBody(w, set.id));
  await w.t.db.execute(sql`delete from build_events where build_id = ${buildId}`);
  await w.t.db.execute(sql`
    insert into build_events (build_id, attempt, agent_seq, type, data)
    select case when i % 5 = 0 then ${other.id}::int else ${buildId}::int end, 1, i,
      case when i % 501 = 7 then 'progress' else 'log' end, case when i % 501 = 7 then '50' else 'noise' end
    from generate_series(1, 5700) i`);
  const rows = await w.t.db.execute<{ id: number; rn: number }>(sql`
    select id, row_number() over (order by id)::int as rn from build_events
    where build_id = ${buildId} and type = 'log' order by id`);
  for (const row of (rows as unknown as { rows: { id: number; rn: number }[] }).rows)
    seqOf.set(row.rn, Number(row.id));
  LINES = seqOf.size;
  await w.t.db.execute(sql`
    update build_events e set data = 'line ' || n.rn || case when n.rn % 1000 = 0 then ' NEEDLE here' else '' end
    from (select id, row_number() over (order by id) as rn from build_events
          where build_id = ${buildId} and type = 'log') n
    where e.id = n.id`);
  expect(LINES).toBeGreaterThan(4000);
});

const logUrl = (query = '', id = buildId) => `/client/firmware/firmwares/${id}/log${query}`;

async function page(url: string, token = w.partner.token): Promise<Log> {
  const res = await api(w, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Log>();
}

const numbers = (log: Log) => log.lines.map((l) => Number(/^line (\d+)/.exec(l.line)?.[1]));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Counts turns of the event loop (what a waiting request needs) by a callback that schedules itself each turn. */
function turnCounter() {
  let turns = 0;
  let counting = true;
  const turn = () => {
    turns++;
    if (counting) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    turns: () => turns,
    stop: () => {
      counting = false;
    },
  };
}

describe('GET …/firmwares/{id}/log', () => {
  it('answers the newest page first, oldest line first within it, and where older lines go on', async () => {
    const newest = await page(logUrl());
    expect(numbers(newest)).toEqual(range(LINES - 499, LINES));
    expect(newest.lines[0].seq).toBe(seqOf.get(LINES - 499));
    expect(newest.before).toBe(seqOf.get(LINES - 499));
    expect(newest.after).toBeNull();
    expect(newest.lines[0].at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const small = await page(logUrl('?limit=3'));
    expect(numbers(small)).toEqual([LINES - 2, LINES - 1, LINES]);
  });

  it('reads older pages on request, back to the first line', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const log = await page(logUrl(`?limit=2000${before === null ? '' : `&before=${before}`}`));
      seen.unshift(...numbers(log));
      before = log.before;
      pages++;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(range(1, LINES));
  });

  it('reads the lines after a seq, oldest first: what a reader holding the log up to there lacks', async () => {
    const log = await page(logUrl(`?after=${seqOf.get(LINES - 100)}&limit=60`));
    expect(numbers(log)).toEqual(range(LINES - 99, LINES - 40));
    expect(log.after).toBe(seqOf.get(LINES - 40));
    const rest = await page(logUrl(`?after=${log.after}&limit=60`));
    expect(numbers(rest)).toEqual(range(LINES - 39, LINES));
    expect(rest.after).toBeNull();
    expect((await page(logUrl(`?after=${seqOf.get(LINES)}`))).lines).toEqual([]);
  });

  it('bounds limit: over the maximum, zero or not a number is 422, and so is before with after', async () => {
    expectValidationError(await api(w, 'GET', logUrl('?limit=2001'), w.partner.token), 'limit');
    expectValidationError(await api(w, 'GET', logUrl('?limit=0'), w.partner.token), 'limit');
    expectValidationError(await api(w, 'GET', logUrl('?limit=all'), w.partner.token), 'limit');
    expectValidationError(await api(w, 'GET', logUrl('?before=abc'), w.partner.token), 'before');
    expectValidationError(await api(w, 'GET', logUrl('?before=5&after=3'), w.partner.token), 'after');
    expect((await page(logUrl('?limit=2000'))).lines).toHaveLength(2000);
  });

  it("answers 404 for another partner's build on every log path, and serves admins on both paths", async () => {
    for (const path of [logUrl(), logUrl('?q=line'), `/client/firmware/firmwares/${buildId}/log.txt`]) {
      expectError(await api(w, 'GET', path, w.other.token), 404, 'Build not found');
      expect((await api(w, 'GET', path, w.admin.token)).statusCode).toBe(200);
    }
    expectError(await api(w, 'GET', logUrl('', 999_999), w.partner.token), 404);
    const admin = await page(`/admin/firmwares/${buildId}/log?limit=5`, w.admin.token);
    expect(numbers(admin)).toEqual(range(LINES - 4, LINES));
    expect((await api(w, 'GET', `/admin/firmwares/${buildId}/log.txt`, w.admin.token)).statusCode).toBe(200);
    expectError(await api(w, 'GET', `/admin/firmwares/${buildId}/log`, w.partner.token), 403);
    expectError(await api(w, 'GET', `/admin/firmwares/${buildId}/log.txt`, w.partner.token), 403);
  });

  it('searches every line of the build, loaded or not, any case, the newest matches first', async () => {
    const first = await page(logUrl('?q=needle&limit=2'));
    expect(numbers(first)).toEqual([3000, 4000]);
    expect(first.lines[1].line).toBe('line 4000 NEEDLE here');
    expect(first.before).toBe(seqOf.get(3000));
    const rest = await page(logUrl(`?q=needle&limit=2&before=${first.before}`));
    expect(numbers(rest)).toEqual([1000, 2000]);
    const end = await page(logUrl(`?q=needle&limit=2&before=${rest.before}`));
    expect(end.lines).toEqual([]);
    expect(end.before).toBeNull();
    // A line of another build never matches; a search finding nothing says it reached the start.
    expect(await page(logUrl('?q=noise'))).toMatchObject({ lines: [], before: null });
    expectValidationError(await api(w, 'GET', logUrl('?q='), w.partner.token), 'q');
    expectValidationError(await api(w, 'GET', logUrl(`?q=x&after=1`), w.partner.token), 'after');
  });

  it('reads a page as several statements, other requests getting their turn between them', async () => {
    // Issue 14: a page of 2,000 lines read as one statement held /api/health/live while three clients paged.
    const counter = turnCounter();
    let page: Awaited<ReturnType<typeof logPageBefore>>;
    try {
      page = await logPageBefore(w.t.db, { id: buildId, run: 1 }, undefined, 2000, 500);
    } finally {
      counter.stop();
    }
    expect(page.rows.map((r) => r.line)).toEqual(range(LINES - 1999, LINES).map(text));
    expect(page).toMatchObject({ older: true, newer: false });
    // Five statements (the last asks for one line: is there an older one?), each in a turn of its own.
    expect(counter.turns()).toBeGreaterThanOrEqual(5);
  });

  it('pages in pieces back to the first line and forward to the last, the ends told right', async () => {
    const of = { id: buildId, run: 1 };
    const seen: string[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await logPageBefore(w.t.db, of, before, 700, 233);
      seen.unshift(...page.rows.map((r) => r.line));
      if (!page.older) break;
      before = page.rows[0].seq;
    }
    expect(seen).toEqual(range(1, LINES).map(text));
    // A page ending exactly at the first line: nothing older.
    const exact = await logPageBefore(w.t.db, of, seqOf.get(467), 466, 100);
    expect(exact.rows.map((r) => r.line)).toEqual(range(1, 466).map(text));
    expect(exact.older).toBe(false);
    const forward = await logPageAfter(w.t.db, of, seqOf.get(LINES - 300) as number, 300, 77);
    expect(forward.rows.map((r) => r.line)).toEqual(range(LINES - 299, LINES).map(text));
    expect(forward.newer).toBe(false);
    expect((await logPageAfter(w.t.db, of, seqOf.get(LINES - 300) as number, 299, 77)).newer).toBe(true);
  });

  it('searches a statement a turn: a search through the whole log lets other requests in between', async () => {
    const counter = turnCounter();
    let found: Awaited<ReturnType<typeof searchLog>>;
    try {
      found = await searchLog(w.t.db, { id: buildId, run: 1 }, 'not in the log', undefined, 10, 700);
    } finally {
      counter.stop();
    }
    expect(found).toEqual({ rows: [], before: null });
    expect(counter.turns()).toBeGreaterThanOrEqual(Math.ceil(LINES / 700));
  });

  it('searches a chunk at a time, going on where the last chunk ended', async () => {
    const found = await searchLog(w.t.db, { id: buildId, run: 1 }, 'NEEDLE', undefined, 10, 700);
    expect(found.rows.map((r) => r.line)).toEqual([1000, 2000, 3000, 4000].map(text));
    expect(found.before).toBeNull();
    // Two matches asked: the search stops at the second and goes on from it.
    const two = await searchLog(w.t.db, { id: buildId, run: 1 }, 'needle', undefined, 2, 700);
    expect(two.rows.map((r) => r.seq)).toEqual([seqOf.get(3000), seqOf.get(4000)]);
    expect(two.before).toBe(seqOf.get(3000));
    // `%` and `_` are text, not patterns.
    expect((await searchLog(w.t.db, { id: buildId, run: 1 }, '%', undefined, 10, 700)).rows).toEqual([]);
  });
});

describe('GET …/firmwares/{id}/log.txt', () => {
  it('streams every line of the log as text, in order, as a download', async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/client/firmware/firmwares/${buildId}/log.txt`, {
      headers: { authorization: `Bearer ${w.partner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="build-${buildId}.log"`);
    // Sent as it is read, not measured first.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const body = await res.text();
    expect(body).toBe(`${range(1, LINES).map(text).join('\n')}\n`);
  });

  it('reads the download a statement at a time, other requests getting their turn between statements', async () => {
    // Issue 14: three downloads of a 100,000-line log held /api/health/live for seconds, each statement's
    // answer leading straight to the next one. A turn of the event loop (what a waiting request needs) is
    // counted here by turnCounter.
    const counter = turnCounter();
    const turnsAtChunk: number[] = [];
    let body = '';
    try {
      for await (const chunk of logTextChunks(w.t.db, { id: buildId, run: 1 }, 1000)) {
        turnsAtChunk.push(counter.turns());
        body += chunk;
      }
    } finally {
      counter.stop();
    }
    expect(body).toBe(`${range(1, LINES).map(text).join('\n')}\n`);
    expect(turnsAtChunk).toHaveLength(Math.ceil(LINES / 1000));
    for (let i = 1; i < turnsAtChunk.length; i++)
      expect(turnsAtChunk[i]).toBeGreaterThan(turnsAtChunk[i - 1]);
  });

  it('reads smaller statements when they are slow: a pace set by time, not a fixed thousand lines', async () => {
    // A clock read twice a statement (before, after), on which every statement takes 8 ms: twice the 4 ms aimed at.
    let clock = 0;
    const pace = new StatementPace({
      initial: 1000,
      min: 100,
      max: 5000,
      targetMs: 4,
      now: () => (clock += 8),
    });
    const sizes: number[] = [];
    let body = '';
    for await (const chunk of logTextChunks(w.t.db, { id: buildId, run: 1 }, pace)) {
      sizes.push(chunk.split('\n').length - 1);
      body += chunk;
    }
    expect(body).toBe(`${range(1, LINES).map(text).join('\n')}\n`);
    expect(sizes.slice(0, 5)).toEqual([1000, 500, 250, 125, 100]);
  });

  // On PostgreSQL a statement's answer is decoded as it comes off the socket and two downloads' answers may come
  // in one turn; it is PGlite, answering on the server's own thread, whose statements must take turns.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'runs one statement of all downloads under way a turn, so three at once hold a request no longer than one',
    async () => {
      const counter = turnCounter();
      const turnOfEachChunk: number[] = [];
      const download = async () => {
        let body = '';
        for await (const chunk of logTextChunks(w.t.db, { id: buildId, run: 1 }, 1000)) {
          turnOfEachChunk.push(counter.turns());
          body += chunk;
        }
        return body;
      };
      try {
        const bodies = await Promise.all([download(), download(), download()]);
        for (const body of bodies) expect(body).toBe(`${range(1, LINES).map(text).join('\n')}\n`);
      } finally {
        counter.stop();
      }
      // Each statement's answer is yielded in the turn it ran in: no two in the same turn.
      expect(turnOfEachChunk).toHaveLength(3 * Math.ceil(LINES / 1000));
      expect(new Set(turnOfEachChunk).size).toBe(turnOfEachChunk.length);
    },
  );

  it('answers an empty body for a build without log lines', async () => {
    const set = await createSet(w, w.partner.token, 'empty-log-set');
    const empty = await submit(w, w.partner.token, buildBody(w, set.id));
    const res = await api(w, 'GET', `/client/firmware/firmwares/${empty.id}/log.txt`, w.partner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect((await page(logUrl('', empty.id))).lines).toEqual([]);
  });
});
