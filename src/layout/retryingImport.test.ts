import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConnectionDown, reportConnection } from '../dataProvider/connectionStatus';
import { retryingImport } from './retryingImport';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  reportConnection(true);
});

describe('retryingImport', () => {
  it('waits for the server while it cannot be reached, saying so, then loads the chunk', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    let attempts = 0;
    const load = vi.fn(async () => {
      if (++attempts < 3) throw new TypeError('Failed to fetch dynamically imported module');
      return { Page: 'the page' };
    });
    const loading = retryingImport(load);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isConnectionDown()).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await loading).toEqual({ Page: 'the page' });
    expect(load).toHaveBeenCalledTimes(3);
    expect(isConnectionDown()).toBe(false);
  });

  it('fails at once when the server answers but the chunk is gone (a new release was deployed)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":"ok"}')),
    );
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    await expect(retryingImport(load)).rejects.toThrow('dynamically imported module');
    expect(load).toHaveBeenCalledTimes(1);
    expect(isConnectionDown()).toBe(false);
  });
});
