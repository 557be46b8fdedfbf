import { describe, expect, it } from 'vitest';
import { appendLogLine, type LogLine } from './logLines';

const seqs = (log: readonly LogLine[]) => log.map((l) => l.seq);

describe('appendLogLine', () => {
  it('appends in order, ignores a repeated sequence number and slots a late one in place', () => {
    const log = appendLogLine(appendLogLine([], { seq: 1, line: 'a' }), { seq: 3, line: 'c' });
    expect(appendLogLine(log, { seq: 3, line: 'c again' })).toBe(log);
    expect(seqs(appendLogLine(log, { seq: 2, line: 'b' }))).toEqual([1, 2, 3]);
  });
});
