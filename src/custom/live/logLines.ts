// A build's log (spec §3 Task log entry): lines numbered by the server's sequence number, so the stored log
// (GET …/firmwares/{id}/log) and the lines the socket delivers can be merged without losing or doubling any
// (logWindow.ts merges them).

export interface LogLine {
  seq: number;
  line: string;
  /** When the server stored it (ISO time), when known. */
  at?: string | null;
}

const bySeq = (a: LogLine, b: LogLine) => a.seq - b.seq;

/** Adds one line to a log kept in sequence order; a sequence number already there leaves the log as it is. */
export function appendLogLine(lines: readonly LogLine[], next: LogLine): readonly LogLine[] {
  const last = lines[lines.length - 1];
  if (!last || next.seq > last.seq) return [...lines, next];
  if (lines.some((line) => line.seq === next.seq)) return lines;
  return [...lines, next].sort(bySeq);
}
