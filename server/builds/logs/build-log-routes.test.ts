import { describe, expect, it } from 'vitest';
import { api, createBuildWorld } from '../../test/build-fixtures';
import { expectError, expectValidationError } from '../../test/helper';
import { type LogPage, lineText, logPage, seededLog, turnCounter } from '../../test/log-world';
import { sharedWorld } from '../../test/shared-world';
import { logPageAfter, logPageBefore, searchLog } from './build-log-repository';

const w = sharedWorld(createBuildWorld);
const seeded = seededLog(w);
const logUrl = (query = '', id = seeded.buildId) => `/client/firmware/firmwares/${id}/log${query}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const numbers = (page: LogPage) => page.lines.map((l) => Number(/^line (\d+)/.exec(l.line)?.[1]));

describe('GET …/firmwares/{id}/log', () => {
  it('answers the newest page first, oldest line first within it, and where older lines go on', async () => {
    const newest = await logPage(w, logUrl());
    expect(numbers(newest)).toEqual(range(seeded.lines - 499, seeded.lines));
    expect(newest.lines[0].seq).toBe(seeded.seqOf.get(seeded.lines - 499));
    expect(newest.before).toBe(seeded.seqOf.get(seeded.lines - 499));
    expect(newest.after).toBeNull();
    expect(newest.lines[0].at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const small = await logPage(w, logUrl('?limit=3'));
    expect(numbers(small)).toEqual([seeded.lines - 2, seeded.lines - 1, seeded.lines]);
  });

  it('reads older pages on request, back to the first line', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const log = await logPage(w, logUrl(`?limit=2000${before === null ? '' : `&before=${before}`}`));
      seen.unshift(...numbers(log));
      before = log.before;
      pages++;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(range(1, seeded.lines));
  });

  it('reads the lines after a seq, oldest first: what a reader holding the log up to there lacks', async () => {
    const log = await logPage(w, logUrl(`?after=${seeded.seqOf.get(seeded.lines - 100)}&limit=60`));
    expect(numbers(log)).toEqual(range(seeded.lines - 99, seeded.lines - 40));
    expect(log.after).toBe(seeded.seqOf.get(seeded.lines - 40));
    const rest = await logPage(w, logUrl(`?after=${log.after}&limit=60`));
    expect(numbers(rest)).toEqual(range(seeded.lines - 39, seeded.lines));
    expect(rest.after).toBeNull();
    expect((await logPage(w, logUrl(`?after=${seeded.seqOf.get(seeded.lines)}`))).lines).toEqual([]);
  });

  it('bounds limit: over the maximum, zero or not a number is 422, and so is before with after', async () => {
    expectValidationError(await api(w, 'GET', logUrl('?limit=2001'), w.partner.token), 'limit');
    expectValidationError(await api(w, 'GET', logUrl('?limit=0'), w.partner.token), 'limit');
    expectValidationError(await api(w, 'GET', logUrl('?limit=all'), w.partner.token), 'limit');
    expectValidationError(await api(w, 'GET', logUrl('?before=abc'), w.partner.token), 'before');
    expectValidationError(await api(w, 'GET', logUrl('?before=5&after=3'), w.partner.token), 'after');
    expect((await logPage(w, logUrl('?limit=2000'))).lines).toHaveLength(2000);
  });

  it("answers 404 for another partner's build on every log path, and serves admins on both paths", async () => {
    for (const path of [
      logUrl(),
      logUrl('?q=line'),
      `/client/firmware/firmwares/${seeded.buildId}/log.txt`,
    ]) {
      expectError(await api(w, 'GET', path, w.other.token), 404, 'Build not found');
      expect((await api(w, 'GET', path, w.admin.token)).statusCode).toBe(200);
    }
    expectError(await api(w, 'GET', logUrl('', 999_999), w.partner.token), 404);
    const admin = await logPage(w, `/admin/firmwares/${seeded.buildId}/log?limit=5`, w.admin.token);
    expect(numbers(admin)).toEqual(range(seeded.lines - 4, seeded.lines));
    expect(
      (await api(w, 'GET', `/admin/firmwares/${seeded.buildId}/log.txt`, w.admin.token)).statusCode,
    ).toBe(200);
    expectError(await api(w, 'GET', `/admin/firmwares/${seeded.buildId}/log`, w.partner.token), 403);
    expectError(await api(w, 'GET', `/admin/firmwares/${seeded.buildId}/log.txt`, w.partner.token), 403);
  });

  it('searches every line of the build, loaded or not, any case, the newest matches first', async () => {
    const first = await logPage(w, logUrl('?q=needle&limit=2'));
    expect(numbers(first)).toEqual([3000, 4000]);
    expect(first.lines[1].line).toBe('line 4000 NEEDLE here');
    expect(first.before).toBe(seeded.seqOf.get(3000));
    const rest = await logPage(w, logUrl(`?q=needle&limit=2&before=${first.before}`));
    expect(numbers(rest)).toEqual([1000, 2000]);
    const end = await logPage(w, logUrl(`?q=needle&limit=2&before=${rest.before}`));
    expect(end.lines).toEqual([]);
    expect(end.before).toBeNull();
    // A line of another build never matches; a search finding nothing says it reached the start.
    expect(await logPage(w, logUrl('?q=noise'))).toMatchObject({ lines: [], before: null });
    expectValidationError(await api(w, 'GET', logUrl('?q='), w.partner.token), 'q');
    expectValidationError(await api(w, 'GET', logUrl(`?q=x&after=1`), w.partner.token), 'after');
  });

  it('reads a page as several statements, other requests getting their turn between them', async () => {
    // Issue 14: a page of 2,000 lines read as one statement held /api/health/live while three clients paged.
    const counter = turnCounter();
    let page: Awaited<ReturnType<typeof logPageBefore>>;
    try {
      page = await logPageBefore(w.t.db, { id: seeded.buildId, run: 1 }, undefined, 2000, 500);
    } finally {
      counter.stop();
    }
    expect(page.rows.map((r) => r.line)).toEqual(range(seeded.lines - 1999, seeded.lines).map(lineText));
    expect(page).toMatchObject({ older: true, newer: false });
    // Five statements (the last asks for one line: is there an older one?), each in a turn of its own.
    expect(counter.turns()).toBeGreaterThanOrEqual(5);
  });

  it('pages in pieces back to the first line and forward to the last, the ends told right', async () => {
    const of = { id: seeded.buildId, run: 1 };
    const seen: string[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await logPageBefore(w.t.db, of, before, 700, 233);
      seen.unshift(...page.rows.map((r) => r.line));
      if (!page.older) break;
      before = page.rows[0].seq;
    }
    expect(seen).toEqual(range(1, seeded.lines).map(lineText));
    // A page ending exactly at the first line: nothing older.
    const exact = await logPageBefore(w.t.db, of, seeded.seqOf.get(467), 466, 100);
    expect(exact.rows.map((r) => r.line)).toEqual(range(1, 466).map(lineText));
    expect(exact.older).toBe(false);
    const forward = await logPageAfter(w.t.db, of, seeded.seqOf.get(seeded.lines - 300) as number, 300, 77);
    expect(forward.rows.map((r) => r.line)).toEqual(range(seeded.lines - 299, seeded.lines).map(lineText));
    expect(forward.newer).toBe(false);
    expect(
      (await logPageAfter(w.t.db, of, seeded.seqOf.get(seeded.lines - 300) as number, 299, 77)).newer,
    ).toBe(true);
  });

  it('searches a statement a turn: a search through the whole log lets other requests in between', async () => {
    const counter = turnCounter();
    let found: Awaited<ReturnType<typeof searchLog>>;
    try {
      found = await searchLog(w.t.db, { id: seeded.buildId, run: 1 }, 'not in the log', undefined, 10, 700);
    } finally {
      counter.stop();
    }
    expect(found).toEqual({ rows: [], before: null });
    expect(counter.turns()).toBeGreaterThanOrEqual(Math.ceil(seeded.lines / 700));
  });

  it('searches a chunk at a time, going on where the last chunk ended', async () => {
    const found = await searchLog(w.t.db, { id: seeded.buildId, run: 1 }, 'NEEDLE', undefined, 10, 700);
    expect(found.rows.map((r) => r.line)).toEqual([1000, 2000, 3000, 4000].map(lineText));
    expect(found.before).toBeNull();
    // Two matches asked: the search stops at the second and goes on from it.
    const two = await searchLog(w.t.db, { id: seeded.buildId, run: 1 }, 'needle', undefined, 2, 700);
    expect(two.rows.map((r) => r.seq)).toEqual([seeded.seqOf.get(3000), seeded.seqOf.get(4000)]);
    expect(two.before).toBe(seeded.seqOf.get(3000));
    // `%` and `_` are text, not patterns.
    expect((await searchLog(w.t.db, { id: seeded.buildId, run: 1 }, '%', undefined, 10, 700)).rows).toEqual(
      [],
    );
  });
});
