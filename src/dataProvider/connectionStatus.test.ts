import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConnectionDown, probeUntilReachable, reportConnection } from './connectionStatus';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  reportConnection(true);
});

describe('probeUntilReachable', () => {
  it('asks whether the server can serve until it can, backing off, then reports it reachable', async () => {
    vi.useFakeTimers();
    const answers = [new TypeError('Failed to fetch'), new Response('{}', { status: 503 })];
    const fetch = vi.fn(async (_url: string) => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next ?? new Response('{"status":"ok"}');
    });
    vi.stubGlobal('fetch', fetch);
    reportConnection(false);
    const probing = probeUntilReachable(new AbortController().signal);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000);
    // A failure, then the database still away (503): still down.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(isConnectionDown()).toBe(true);
    await vi.advanceTimersByTimeAsync(4_000);
    await probing;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[0][0]).toBe('/api/health/ready');
    expect(isConnectionDown()).toBe(false);
  });

  it('stops when the page that asked goes away', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => new Response('{"status":"ok"}'));
    vi.stubGlobal('fetch', fetch);
    reportConnection(false);
    const controller = new AbortController();
    const probing = probeUntilReachable(controller.signal);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    await probing;
    expect(fetch).not.toHaveBeenCalled();
    expect(isConnectionDown()).toBe(true);
  });
});
