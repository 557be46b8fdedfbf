import { describe, expect, it } from 'vitest';
import { StatementPace } from './log-statement-pace';

/** A pace on a clock that each statement moves on by `ms()` milliseconds. */
function paceTaking(ms: () => number, options = { initial: 1000, min: 100, max: 5000 }) {
  let clock = 0;
  const pace = new StatementPace({ ...options, targetMs: 4, now: () => clock });
  const statement = (lines: number) =>
    pace.run(
      lines,
      async () => {
        clock += ms();
        return lines;
      },
      (n) => n,
    );
  return { pace, statement };
}

describe('StatementPace: lines per statement set by time (issue 14)', () => {
  it('shrinks the statements when they are slow, down to its minimum', async () => {
    const { pace, statement } = paceTaking(() => 16);
    await statement(pace.lines());
    expect(pace.lines()).toBe(250);
    for (let i = 0; i < 5; i++) await statement(pace.lines());
    expect(pace.lines()).toBe(100);
  });

  it('grows them when they are fast, at most four times a step, up to its maximum', async () => {
    const { pace, statement } = paceTaking(() => 0.1);
    await statement(pace.lines());
    expect(pace.lines()).toBe(4000);
    await statement(pace.lines());
    expect(pace.lines()).toBe(5000);
  });

  it('keeps a size that meets the target, and is not moved by a short statement', async () => {
    const { pace, statement } = paceTaking(() => 4);
    await statement(pace.lines());
    expect(pace.lines()).toBe(1000);
    // A page's last piece (fewer lines asked) taking as long: mostly fixed cost, not a rate.
    await statement(10);
    expect(pace.lines()).toBe(1000);
  });
});
