// What a build may log (issue 14): one runaway build must not fill the console's database. The agent keeps to
// these bounds itself, with a marker wherever it cut; the server enforces looser ones of its own
// (server/builds/logs/log-bounds.ts: 2,000 characters a line, 5,000 lines a second, 250,000 events a run).

/** Characters of a line kept; the rest is replaced by a marker saying how many were cut. */
export const MAX_LINE_LENGTH = 2000;
/** Log lines a second sent; what is over is dropped until the next second, and a marker tells how many. */
export const LINES_PER_SECOND = 1000;
/** Log lines a run sends in all (below the server's 250,000 events, which count progress too). */
export const MAX_LINES = 200_000;

const count = (n: number) => n.toLocaleString('en');

/**
 * The line, or its first MAX_LINE_LENGTH characters and a marker. `dropped`: characters already cut off its end
 * before (the redactor reads a bounded prefix), counted in the marker too.
 */
export function clipLine(line: string, max = MAX_LINE_LENGTH, dropped = 0): string {
  if (line.length <= max && dropped === 0) return line;
  // Never split a surrogate pair.
  const end = line.length <= max ? line.length : /[\uD800-\uDBFF]/.test(line[max - 1]) ? max - 1 : max;
  return `${line.slice(0, end)} … [line truncated: ${count(line.length - end + dropped)} more characters]`;
}

export const droppedMarker = (dropped: number, perSecond: number) =>
  `[log truncated: ${count(dropped)} ${dropped === 1 ? 'line' : 'lines'} dropped, over ${count(perSecond)} lines a second]`;

export const capMarker = (max: number) =>
  `[log truncated: more than ${count(max)} lines; the rest of this build's output is dropped]`;

export interface LineLimits {
  perSecond: number;
  max: number;
}

/**
 * Bounds a run's log lines (each already clipped by the Redactor, after masking: a cut must not halve a secret): at most `perSecond` lines in each one-second window (the rest
 * dropped, and a marker telling how many sent before the next window's lines, or by `due` once the window is
 * over), and `max` lines in all (then one marker, and nothing more).
 */
export class LineLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private inWindow = 0;
  private dropped = 0;
  private total = 0;
  private capped = false;

  constructor(
    private readonly limits: LineLimits = { perSecond: LINES_PER_SECOND, max: MAX_LINES },
    private readonly now: () => number = Date.now,
  ) {}

  /** What to send for this line: itself, a marker before it, a marker instead, or nothing. */
  take(line: string): string[] {
    if (this.capped) return [];
    const out: string[] = [];
    const now = this.now();
    if (now - this.windowStart >= 1000) {
      const marker = this.due(true);
      if (marker) out.push(marker);
      this.windowStart = now;
      this.inWindow = 0;
    }
    if (this.total >= this.limits.max) {
      this.capped = true;
      out.push(capMarker(this.limits.max));
    } else if (this.inWindow >= this.limits.perSecond) {
      this.dropped++;
    } else {
      this.inWindow++;
      this.total++;
      out.push(line);
    }
    return out;
  }

  /** The marker of the lines dropped, once their window is over (or now, with `force`); else undefined. */
  due(force = false): string | undefined {
    if (this.dropped === 0 || (!force && this.now() - this.windowStart < 1000)) return undefined;
    const marker = droppedMarker(this.dropped, this.limits.perSecond);
    this.dropped = 0;
    return marker;
  }
}
