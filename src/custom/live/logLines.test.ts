import { describe, expect, it } from 'vitest';
import { appendLogLine, type LogLine, mergeLogLines } from './logLines';

const lines = (...seqs: number[]): LogLine[] => seqs.map((seq) => ({ seq, line: `line ${seq}` }));
const seqs = (log: readonly LogLine[]) => log.map((l) => l.seq);

describe('mergeLogLines', () => {
  it('puts the stored log first and the live lines after it', () => {
    expect(seqs(mergeLogLines(lines(1, 2, 3), lines(4, 5)))).toEqual([1, 2, 3, 4, 5]);
  });

  it('doubles no line that arrived live and is also in the stored log', () => {
    // The socket delivered 3–5 while the stored log (read later) already held up to 4.
    const merged = mergeLogLines(lines(1, 2, 3, 4), lines(3, 4, 5));
    expect(seqs(merged)).toEqual([1, 2, 3, 4, 5]);
  });

  it('loses no line: live lines before the stored log answered, and stored lines the socket missed', () => {
    expect(seqs(mergeLogLines(lines(1, 2, 3, 4, 5, 6), lines(2, 7)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seqs(mergeLogLines(lines(1, 2), lines(5, 6)))).toEqual([1, 2, 5, 6]);
  });

  it('keeps the stored copy of a line (it carries the server time)', () => {
    const stored = [{ seq: 2, line: 'two', at: '2025-01-01T10:00:00Z' }];
    const live = [{ seq: 2, line: 'two' }];
    expect(mergeLogLines(stored, live)).toEqual(stored);
  });

  it('orders by sequence number whatever the order of the inputs, and changes neither', () => {
    const stored = lines(3, 1, 2);
    const live = lines(6, 4);
    expect(seqs(mergeLogLines(stored, live))).toEqual([1, 2, 3, 4, 6]);
    expect(seqs(stored)).toEqual([3, 1, 2]);
    expect(seqs(live)).toEqual([6, 4]);
  });

  it("leaves out live lines of a rebuilt build's earlier round (the stored log starts the current one)", () => {
    expect(seqs(mergeLogLines(lines(40, 41), lines(10, 11, 41, 42)))).toEqual([40, 41, 42]);
  });

  it('handles empty logs', () => {
    expect(mergeLogLines([], [])).toEqual([]);
    expect(seqs(mergeLogLines([], lines(1)))).toEqual([1]);
    expect(seqs(mergeLogLines(lines(1), []))).toEqual([1]);
  });
});

describe('appendLogLine', () => {
  it('appends in order, ignores a repeated sequence number and slots a late one in place', () => {
    const log = appendLogLine(appendLogLine([], { seq: 1, line: 'a' }), { seq: 3, line: 'c' });
    expect(appendLogLine(log, { seq: 3, line: 'c again' })).toBe(log);
    expect(seqs(appendLogLine(log, { seq: 2, line: 'b' }))).toEqual([1, 2, 3]);
  });
});
