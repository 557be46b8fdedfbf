import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runningSchedulers, stopSchedulers } from '../dataProvider/schedulers';
import { readCounters, startTaskPolling, type TaskStatus } from './taskPolling';

const status = (in_progress: number): TaskStatus => ({
  my: { pending: 1, in_progress, failed: 0 },
  all: null,
});

describe('task polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stopSchedulers();
    vi.useRealTimers();
  });

  it('reads the counters now and every 5000 ms, refreshing the lists from the second tick on', async () => {
    const readings = [status(0), status(0), status(2)];
    const fetchStatus = vi.fn(async () => readings.shift() ?? status(2));
    const onStatus = vi.fn();
    const onRefresh = vi.fn();
    startTaskPolling({ fetchStatus, onStatus, onRefresh });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(onStatus).toHaveBeenLastCalledWith(status(0));
    expect(onRefresh).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(onRefresh).toHaveBeenLastCalledWith(false);

    await vi.advanceTimersByTimeAsync(5000);
    expect(onStatus).toHaveBeenLastCalledWith(status(2));
    // The counters moved: sets and builds are refreshed too.
    expect(onRefresh).toHaveBeenLastCalledWith(true);
  });

  it('keeps going when a reading fails, without publishing it', async () => {
    const fetchStatus = vi.fn().mockResolvedValueOnce(null).mockResolvedValue(status(1));
    const onStatus = vi.fn();
    startTaskPolling({ fetchStatus, onStatus, onRefresh: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(onStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(onStatus).toHaveBeenCalledWith(status(1));
  });

  it('stops with its stop function, and with every other scheduler at logout', async () => {
    const fetchStatus = vi.fn(async () => status(0));
    const stop = startTaskPolling({ fetchStatus, onStatus: vi.fn(), onRefresh: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(runningSchedulers()).toBe(1);
    stop();
    expect(runningSchedulers()).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);

    startTaskPolling({ fetchStatus, onStatus: vi.fn(), onRefresh: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    stopSchedulers();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(runningSchedulers()).toBe(0);
  });

  it('reads missing or broken counters as 0', () => {
    expect(readCounters({ pending: 2, in_progress: '3', failed: -1 })).toEqual({
      pending: 2,
      in_progress: 0,
      failed: 0,
    });
    expect(readCounters(null)).toEqual({ pending: 0, in_progress: 0, failed: 0 });
  });
});
