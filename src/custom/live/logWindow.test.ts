import { describe, expect, it } from 'vitest';
import type { LogPage } from './buildLogApi';
import type { LogLine } from './logLines';
import {
  aroundPages,
  EMPTY_WINDOW,
  fromPage,
  type LogWindow,
  MAX_WINDOW,
  withLines,
  withLive,
  withNewer,
  withOlder,
} from './logWindow';

const lines = (...seqs: number[]): LogLine[] => seqs.map((seq) => ({ seq, line: `line ${seq}` }));
const seqs = (window: LogWindow) => window.lines.map((l) => l.seq);
const page = (seqList: number[], before: number | null, after: number | null): LogPage => ({
  progress: 0,
  lines: lines(...seqList),
  before,
  after,
});

describe('the log window', () => {
  it('starts from the newest page, at the end, with where older lines go on', () => {
    const window = fromPage(page([7, 9], 7, null));
    expect(window).toEqual({ lines: lines(7, 9), before: 7, atEnd: true });
  });

  it('puts an older page before its lines, and knows when the log’s start is reached', () => {
    const window = withOlder(fromPage(page([7, 9], 7, null)), page([3, 5], null, 5));
    expect(seqs(window)).toEqual([3, 5, 7, 9]);
    expect(window.before).toBeNull();
    expect(window.atEnd).toBe(true);
  });

  it('joins live lines at the end only, each once, in order, and none older than its start', () => {
    const window = fromPage(page([40, 41], 40, null));
    // 10 and 11 belong to an earlier round of a rebuilt build (or to lines not held): left out.
    const joined = withLive(window, lines(10, 11, 41, 43, 42));
    expect(seqs(joined)).toEqual([40, 41, 42, 43]);
    expect(withLive(joined, lines(42, 43))).toBe(joined);
    // Away from the end (a search jumped back) live lines wait: the end is read again on the way back.
    const away = { ...joined, atEnd: false };
    expect(withLive(away, lines(44))).toBe(away);
  });

  it('keeps the stored copy of a line over the live one', () => {
    const stored = [{ seq: 2, line: 'two', at: '2025-01-01T10:00:00Z' }];
    const window = withLines({ lines: stored, before: null, atEnd: true }, [{ seq: 2, line: 'two' }]);
    expect(window.lines).toEqual(stored);
  });

  it('catches up from a page after its newest line, and is at the end when that page is', () => {
    const away: LogWindow = { lines: lines(1, 2), before: null, atEnd: false };
    const more = withNewer(away, page([3, 4], 3, 4));
    expect(seqs(more)).toEqual([1, 2, 3, 4]);
    expect(more.atEnd).toBe(false);
    expect(withNewer(more, page([5], 5, null)).atEnd).toBe(true);
    expect(seqs(withNewer(EMPTY_WINDOW, page([1], null, null)))).toEqual([1]);
  });

  it('holds the lines around a search match: the page up to it and the page after it', () => {
    const window = aroundPages(page([48, 50], 48, 50), page([52, 54], 52, 54));
    expect(window).toEqual({ lines: lines(48, 50, 52, 54), before: 48, atEnd: false });
    expect(aroundPages(page([50], null, 50), page([], null, null)).atEnd).toBe(true);
  });

  it('lets the far end go past MAX_WINDOW lines', () => {
    const many = Array.from({ length: MAX_WINDOW }, (_, i) => 1000 + i);
    const full = fromPage(page(many, 1000, null));
    const older = withOlder(full, page([998, 999], 998, 999));
    expect(older.lines).toHaveLength(MAX_WINDOW);
    expect(seqs(older).slice(0, 2)).toEqual([998, 999]);
    expect(older.atEnd).toBe(false);
    const newer = withLive(full, lines(MAX_WINDOW + 1000));
    expect(newer.lines).toHaveLength(MAX_WINDOW);
    expect(newer.before).toBe(1001);
    expect(newer.atEnd).toBe(true);
  });
});
