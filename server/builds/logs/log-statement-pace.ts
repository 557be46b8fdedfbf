/**
 * How a long log is read without holding the server (issue 14, "never blocks the event loop"). On the embedded
 * database (PGlite) a statement runs on the server's own thread, and its answer is decoded there too: every
 * request waiting meanwhile waits for the whole statement. So a log is read as statements that each wait for a
 * turn of the event loop of their own (downloads and pages of every build taking turns, one statement a turn),
 * and that are sized by time, not by lines: each statement's lines are set from how long the last full one took,
 * aiming at a few milliseconds whatever the machine's load.
 */

/** A turn of the event loop: what requests waiting on the server's one thread need to be read and answered. */
const aTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The last turn promised to a statement of a log read (of any build, in this process). */
let lastTurn: Promise<void> = Promise.resolve();

/**
 * The next turn of the event loop no other log read's statement has: reads under way take turns, one statement
 * a turn, so a request that comes meanwhile waits for one statement, not one of each read.
 */
export function nextFreeTurn(): Promise<void> {
  lastTurn = lastTurn.then(aTurn);
  return lastTurn;
}

export interface PaceOptions {
  /** Lines of the first statement. */
  initial: number;
  min: number;
  max: number;
  /** Milliseconds a statement should take. */
  targetMs: number;
  /** The clock (performance.now unless given: tests give their own). */
  now?: () => number;
}

/** At most this factor up or down from one statement to the next: one slow statement does not swing it all. */
const STEP = 4;

/**
 * Lines per statement, set by time: after each full statement (as many lines as asked), the next is sized so
 * that it should take `targetMs` at the rate the last one ran, within [min, max]. A number is a fixed size.
 */
export class StatementPace {
  private size: number;
  private readonly now: () => number;

  constructor(private readonly options: PaceOptions) {
    this.size = options.initial;
    this.now = options.now ?? (() => performance.now());
  }

  /** Lines the next statement should read. */
  lines(): number {
    return this.size;
  }

  /**
   * Runs one statement of `asked` lines in a turn of its own (nextFreeTurn), timing it; `got` says how many
   * lines it answered. A statement asked for fewer lines than lines() (a page's last piece) or answering fewer
   * (a log's end) is mostly fixed cost: it does not change the size.
   */
  async run<T>(asked: number, statement: () => Promise<T>, got: (result: T) => number): Promise<T> {
    await nextFreeTurn();
    const started = this.now();
    const result = await statement();
    const ms = this.now() - started;
    if (asked === this.size && got(result) === asked) this.record(asked, ms);
    return result;
  }

  private record(lines: number, ms: number) {
    const { min, max, targetMs } = this.options;
    const wanted = ms > 0 ? (lines * targetMs) / ms : lines * STEP;
    const stepped = Math.min(lines * STEP, Math.max(lines / STEP, wanted));
    this.size = Math.round(Math.min(max, Math.max(min, stepped)));
  }
}

/** A pace of `lines` always (tests, and callers wanting a fixed size): it still takes turns. */
export const fixedPace = (lines: number) =>
  new StatementPace({ initial: lines, min: lines, max: lines, targetMs: 1 });
