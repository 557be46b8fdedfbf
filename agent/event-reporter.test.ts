import { describe, expect, it } from 'vitest';
import { type AgentApi, AgentApiError } from './api-client';
import { EventReporter } from './event-reporter';
import type { JobEvent, JobState } from './protocol';
import { Redactor } from './redact';

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
    const stops: string[] = [];
    const { api, calls } = fakeApi((_events, call) =>
      call === 1 ? new Error('network') : call === 2 ? 'running' : 'cancelling',
    );
    const reporter = new EventReporter(
      api,
      { id: 1, attempt: 1 },
      new Redactor([]),
      (why) => stops.push(why),
      options,
    );
    reporter.log('a');
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
    expect(calls[0]).toEqual(calls[1]);
    reporter.log('b');
    await expect.poll(() => stops).toEqual(['cancelled']);
    expect(reporter.state).toBe('cancelling');
    await reporter.close();
  });

  it('reports a job lost when the server no longer lets it report', async () => {
    const stops: string[] = [];
    const { api } = fakeApi(() => new AgentApiError(409, 'not held'));
    const reporter = new EventReporter(
      api,
      { id: 1, attempt: 1 },
      new Redactor([]),
      (why) => stops.push(why),
      options,
    );
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
