// The part of a build's log the dialog holds (issue 14): a run of consecutive lines, read from the server a page
// at a time (the newest page first, older ones as the user scrolls up) and followed by the lines arriving live.
// Pure functions; useBuildLog keeps one window per open dialog.
import type { LogPage } from './buildLogApi';
import type { LogLine } from './logLines';

export interface LogWindow {
  /** Consecutive lines of the log, in sequence order. */
  lines: readonly LogLine[];
  /** The `before` of the page older than the window; null: the window starts at the log's first line. */
  before: number | null;
  /** The window reaches the newest line: live lines join it. */
  atEnd: boolean;
}

/** Lines held at most; past it the far end is let go (and read again if the user goes back there). */
export const MAX_WINDOW = 20_000;

export const EMPTY_WINDOW: LogWindow = Object.freeze({ lines: [], before: null, atEnd: true });

/** The window of one page (the newest page, or the page after a line). */
export const fromPage = (page: LogPage): LogWindow => ({
  lines: page.lines,
  before: page.before,
  atEnd: page.after === null,
});

/** The lines around a line: the page before it (the line itself included) and the page after it. */
export const aroundPages = (older: LogPage, newer: LogPage): LogWindow => {
  const last = older.lines.at(-1)?.seq ?? Number.NEGATIVE_INFINITY;
  return {
    lines: [...older.lines, ...newer.lines.filter((line) => line.seq > last)],
    before: older.before,
    atEnd: newer.after === null,
  };
};

/** Drops lines from the start past MAX_WINDOW (the window then starts later). */
function trimStart(window: LogWindow): LogWindow {
  if (window.lines.length <= MAX_WINDOW) return window;
  const lines = window.lines.slice(window.lines.length - MAX_WINDOW);
  return { ...window, lines, before: lines[0].seq };
}

/** The page older than the window put before it; past MAX_WINDOW the newest lines are let go. */
export function withOlder(window: LogWindow, page: LogPage): LogWindow {
  const first = window.lines[0]?.seq ?? Number.POSITIVE_INFINITY;
  const older = page.lines.filter((line) => line.seq < first);
  const lines = [...older, ...window.lines];
  if (lines.length <= MAX_WINDOW) return { ...window, lines, before: page.before };
  return { lines: lines.slice(0, MAX_WINDOW), before: page.before, atEnd: false };
}

/** The page newer than the window put after it (reading on towards the end, or catching up). */
export function withNewer(window: LogWindow, page: LogPage): LogWindow {
  const merged = withLines(window, page.lines);
  return trimStart({ ...merged, atEnd: window.atEnd || page.after === null });
}

const indexOf = (lines: readonly LogLine[], seq: number) => {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid].seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Lines merged into the window by sequence number, each once: newer ones appended (the usual case, cheap),
 * a late one slotted in place. Lines older than the window's start are left out (they are read as a page, or
 * belong to an earlier round of a rebuilt build). The same window when nothing is new.
 */
export function withLines(window: LogWindow, added: readonly LogLine[]): LogWindow {
  let copy: LogLine[] | undefined;
  const first = window.lines[0]?.seq;
  for (const line of added) {
    const lines = copy ?? window.lines;
    const last = lines.at(-1)?.seq;
    if (last === undefined || line.seq > last) {
      copy ??= [...window.lines];
      copy.push(line);
      continue;
    }
    if (first !== undefined && line.seq < first) continue;
    const at = indexOf(lines, line.seq);
    if (lines[at]?.seq === line.seq) continue;
    copy ??= [...window.lines];
    copy.splice(at, 0, line);
  }
  return copy ? trimStart({ ...window, lines: copy }) : window;
}

/** The live lines joined to the window, when the window is at the end of the log (else it stays as it is). */
export const withLive = (window: LogWindow, live: readonly LogLine[]): LogWindow =>
  window.atEnd ? withLines(window, live) : window;
