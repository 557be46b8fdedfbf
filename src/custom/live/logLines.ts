// A build's log (spec §3 Task log entry): lines numbered by the server's sequence number, so the stored log
// (GET …/firmwares/{id}/log) and the lines the socket delivers can be merged without losing or doubling any.

export interface LogLine {
  seq: number;
  line: string;
  /** When the server stored it (ISO time), when known. */
  at?: string | null;
}

const bySeq = (a: LogLine, b: LogLine) => a.seq - b.seq;

/**
 * The stored log followed by the live lines, in sequence order, each sequence number once. Where both hold a
 * line, the stored one wins (it carries the server's time). The stored log is whole from the start of the
 * build's current round, so live lines older than its first line belong to an earlier round (a rebuild starts
 * an empty log) and are left out. Neither input is changed.
 */
export function mergeLogLines(stored: readonly LogLine[], live: readonly LogLine[]): LogLine[] {
  const first = stored.reduce((min, line) => Math.min(min, line.seq), Number.POSITIVE_INFINITY);
  const lines = new Map<number, LogLine>();
  for (const line of live) {
    if (Number.isFinite(line.seq) && (stored.length === 0 || line.seq >= first)) lines.set(line.seq, line);
  }
  for (const line of stored) if (Number.isFinite(line.seq)) lines.set(line.seq, line);
  return [...lines.values()].sort(bySeq);
}

/** Adds one line to a log kept in sequence order; a sequence number already there leaves the log as it is. */
export function appendLogLine(lines: readonly LogLine[], next: LogLine): readonly LogLine[] {
  const last = lines[lines.length - 1];
  if (!last || next.seq > last.seq) return [...lines, next];
  if (lines.some((line) => line.seq === next.seq)) return lines;
  return [...lines, next].sort(bySeq);
}
