import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  coalescingScheduler,
  installQueryTimers,
  SHARED_FROM_MS,
  SHARED_STEP_MS,
  SharedTimers,
} from './queryTimers';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("react-query's timers", () => {
  it('a list put into the single-record cache sets no browser timer per record', async () => {
    installQueryTimers();
    const client = new QueryClient();
    const cache = client.getQueryCache();
    // As react-admin's LoadingIndicator does (useLoading): a listener on the whole cache.
    cache.subscribe(() => {});
    await vi.runAllTimersAsync();
    const before = vi.getTimerCount();
    // As react-admin's useGetList does with each record of a list it got.
    for (let id = 0; id < 50; id++) client.setQueryData(['models', 'getOne', { id: String(id) }], { id });
    // Before: a garbage-collection timer of its own for each record.
    expect(vi.getTimerCount() - before).toBeLessThanOrEqual(2);
    expect(cache.getAll()).toHaveLength(50);
  });

  it('garbage-collects an unused query after its time, as before', async () => {
    installQueryTimers();
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: 60_000 } } });
    client.setQueryData(['series', 'getOne', { id: 'x19' }], { id: 'x19' });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(client.getQueryData(['series', 'getOne', { id: 'x19' }])).toEqual({ id: 'x19' });
    await vi.advanceTimersByTimeAsync(1_000 + SHARED_STEP_MS);
    expect(client.getQueryData(['series', 'getOne', { id: 'x19' }])).toBeUndefined();
  });
});

describe('SharedTimers', () => {
  it('runs long timers from one browser timer, never early and at most a step late', () => {
    const timers = new SharedTimers();
    const ran: string[] = [];
    const before = vi.getTimerCount();
    timers.setTimeout(() => ran.push('a'), 300_000);
    timers.setTimeout(() => ran.push('b'), 300_400);
    timers.setTimeout(() => ran.push('c'), 600_000);
    expect(vi.getTimerCount() - before).toBe(1);
    vi.advanceTimersByTime(299_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1 + SHARED_STEP_MS);
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersByTime(300_000);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(timers.size).toBe(0);
    expect(vi.getTimerCount()).toBe(before);
  });

  it('an earlier timer re-arms the browser timer for itself', () => {
    const timers = new SharedTimers();
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('late'), 600_000);
    timers.setTimeout(() => ran.push('soon'), SHARED_FROM_MS);
    vi.advanceTimersByTime(SHARED_FROM_MS + SHARED_STEP_MS);
    expect(ran).toEqual(['soon']);
  });

  it('a cleared timer does not run; short timers are the browser’s own', () => {
    const timers = new SharedTimers();
    const ran: string[] = [];
    const long = timers.setTimeout(() => ran.push('long'), 60_000);
    const short = timers.setTimeout(() => ran.push('short'), 1_000);
    expect(long).toBeLessThan(0);
    expect(Number(short)).toBeGreaterThan(0);
    timers.clearTimeout(long);
    vi.advanceTimersByTime(500);
    timers.setTimeout(() => ran.push('other'), 100);
    vi.advanceTimersByTime(120_000);
    expect(ran).toEqual(['other', 'short']);
    timers.clearTimeout(timers.setTimeout(() => ran.push('never'), 100));
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(['other', 'short']);
  });

  it('a timer that throws does not keep the others from running', () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    const timers = new SharedTimers();
    const ran: string[] = [];
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 60_000);
    timers.setTimeout(() => ran.push('after'), 60_000);
    vi.advanceTimersByTime(60_000 + SHARED_STEP_MS);
    expect(ran).toEqual(['after']);
    expect(reported).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

describe('coalescingScheduler', () => {
  it('runs what is scheduled before the next task in that one task, in order', () => {
    const schedule = coalescingScheduler();
    const ran: number[] = [];
    const before = vi.getTimerCount();
    for (let i = 0; i < 5; i++) schedule(() => ran.push(i));
    expect(vi.getTimerCount() - before).toBe(1);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    schedule(() => ran.push(5));
    vi.advanceTimersByTime(0);
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
