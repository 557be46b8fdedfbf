import { describe, expect, it } from 'vitest';
import { Redactor } from '../contract/redact';
import { type AgentApi, AgentApiError } from './api-client';
import { EventReporter } from './event-reporter';
import type { JobEvent, JobState } from './protocol';

function fakeApi(answer: (events: JobEvent[], call: number) => JobState | Error) {
  const calls: JobEvent[][] = [];
  const api = {
    events: async (_id: number, _attempt: number, events: JobEvent[]) => {
      calls.push(events);
      const result = answer(events, calls.length);
      if (result instanceof Error) throw result;
      return result;
    },
  } as unknown as AgentApi;
  return { api, calls };
}

const options = { flushMs: 10, idleMs: 1_000, maxBatch: 100 };

/** A reporter of job 1 through `api`, nothing to redact, that keeps why it stopped in `stops`. */
function stopping(api: AgentApi) {
  const stops: string[] = [];
  const reporter = new EventReporter(
    api,
    { id: 1, attempt: 1 },
    new Redactor([]),
    (why) => stops.push(why),
    options,
  );
  return { reporter, stops };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('EventReporter', () => {
  it('batches lines and progress with increasing seq, redacted, and flushes on close', async () => {
    const { api, calls } = fakeApi(() => 'running');
    const reporter = new EventReporter(
      api,
      { id: 1, attempt: 1 },
      new Redactor(['topsecret']),
      () => {},
      options,
    );
    reporter.log('one\ntwo topsecret');
    reporter.progress(40);
    reporter.progress(40.2);
    await sleep(50);
    reporter.log('three');
    await reporter.close();
    const sent = calls.flat();
    expect(sent).toEqual([
      { seq: 1, type: 'log', data: 'one' },
      { seq: 2, type: 'log', data: 'two ***' },
      { seq: 3, type: 'progress', data: 40 },
      { seq: 4, type: 'log', data: 'three' },
    ]);
  });

  it('resends a batch the server did not take (same seq), and stops on cancel', async () => {
    const { api, calls } = fakeApi((_events, call) =>
      call === 1 ? new Error('network') : call === 2 ? 'running' : 'cancelling',
    );
    const { reporter, stops } = stopping(api);
    reporter.log('a');
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
    expect(calls[0]).toEqual(calls[1]);
    reporter.log('b');
    await expect.poll(() => stops).toEqual(['cancelled']);
    expect(reporter.state).toBe('cancelling');
    await reporter.close();
  });

  it('reports a job lost when the server no longer lets it report', async () => {
    const { api } = fakeApi(() => new AgentApiError(409, 'not held'));
    const { reporter, stops } = stopping(api);
    reporter.log('a');
    await expect.poll(() => stops).toEqual(['lost']);
    await reporter.close();
  });
  it('keeps resending on close until the server takes the last lines (a restart, a database outage)', async () => {
    // Five failed resends: more than close used to try before it gave up and dropped them.
    const { api, calls } = fakeApi((_events, call) =>
      call <= 5 ? new AgentApiError(503, 'down') : 'running',
    );
    const reporter = new EventReporter(api, { id: 1, attempt: 1 }, new Redactor([]), () => {}, {
      ...options,
      idleMs: 60_000,
    });
    reporter.log('last line');
    await reporter.close();
    expect(calls).toHaveLength(6);
    expect(calls[5]).toEqual([{ seq: 1, type: 'log', data: 'last line' }]);
  });

  it('gives up on close after closeMs when the server never comes back', async () => {
    const { api, calls } = fakeApi(() => new Error('network'));
    const reporter = new EventReporter(api, { id: 1, attempt: 1 }, new Redactor([]), () => {}, {
      ...options,
      closeMs: 100,
    });
    reporter.log('lost');
    await reporter.close();
    expect(calls.length).toBeGreaterThan(1);
  });
});

describe('EventReporter bounds (a runaway build)', () => {
  const bounded = (lineLimits: { perSecond: number; max: number }, now: () => number) => {
    const { api, calls } = fakeApi(() => 'running');
    const reporter = new EventReporter(api, { id: 1, attempt: 1 }, new Redactor([]), () => {}, {
      ...options,
      idleMs: 60_000,
      lineLimits,
      now,
    });
    const sent = () => calls.flat().map((event) => event.data);
    return { reporter, sent };
  };

  it('cuts an over-long line and says how many characters were cut', async () => {
    const { reporter, sent } = bounded({ perSecond: 10, max: 10 }, Date.now);
    reporter.log(`${'a'.repeat(2000)}${'b'.repeat(12_345)}`);
    await reporter.close();
    expect(sent()).toEqual([`${'a'.repeat(2000)} … [line truncated: 12,345 more characters]`]);
  });

  it('drops lines over the rate, and says how many before the next second’s lines', async () => {
    let now = 0;
    const { reporter, sent } = bounded({ perSecond: 3, max: 100 }, () => now);
    for (let i = 1; i <= 5; i++) reporter.log(`first ${i}`);
    now = 1000;
    reporter.log('second 1');
    now = 1500;
    for (let i = 2; i <= 6; i++) reporter.log(`second ${i}`);
    // The run ends inside the second window: its drops are told at the end.
    await reporter.close();
    expect(sent()).toEqual([
      'first 1',
      'first 2',
      'first 3',
      '[log truncated: 2 lines dropped, over 3 lines a second]',
      'second 1',
      'second 2',
      'second 3',
      '[log truncated: 3 lines dropped, over 3 lines a second]',
    ]);
  });

  it('tells of drops once their second is over even when no line follows', async () => {
    let now = 0;
    const { reporter, sent } = bounded({ perSecond: 1, max: 100 }, () => now);
    reporter.log('kept');
    reporter.log('dropped');
    now = 1200;
    // The next tick (lines gather flushMs) finds the window over.
    reporter.progress(10);
    await expect.poll(sent).toEqual(['kept', 10, '[log truncated: 1 line dropped, over 1 lines a second]']);
    await reporter.close();
  });

  it('sends at most `max` lines a run, then one marker and nothing more; progress goes on', async () => {
    const { reporter, sent } = bounded({ perSecond: 1000, max: 3 }, Date.now);
    for (let i = 1; i <= 6; i++) reporter.log(`line ${i}`);
    reporter.progress(90);
    await reporter.close();
    expect(sent()).toEqual([
      'line 1',
      'line 2',
      'line 3',
      "[log truncated: more than 3 lines; the rest of this build's output is dropped]",
      90,
    ]);
  });
});
