import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConnectionDown, reportConnection } from '../dataProvider/connectionStatus';
import { pageReload, retryingImport } from './retryingImport';

const reload = vi.fn();
pageReload.reload = reload;

afterEach(() => {
  reload.mockClear();
  sessionStorage.clear();
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

  it('loads the page again when the server answers but the chunk is gone (a new release was deployed)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":"ok"}')),
    );
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const loading = retryingImport(load).then(
      () => 'loaded',
      () => 'failed',
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(await Promise.race([loading, new Promise((r) => setTimeout(() => r('still waiting'), 50))])).toBe(
      'still waiting',
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(isConnectionDown()).toBe(false);
  });

  it('fails instead of loading the page again within a minute of the last time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":"ok"}')),
    );
    sessionStorage.setItem('console.reloadedForCode', String(Date.now() - 10_000));
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    await expect(retryingImport(load)).rejects.toThrow('dynamically imported module');
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads the page again when the chunk still fails once the server is back (the browser kept the failure)', async () => {
    vi.useFakeTimers();
    let serverUp = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!serverUp) throw new TypeError('Failed to fetch');
        return new Response('{"status":"ok"}');
      }),
    );
    // As Chromium does: the import that failed while the server was away fails again, without asking it.
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    void retryingImport(load);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isConnectionDown()).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    serverUp = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(isConnectionDown()).toBe(false);
  });
});
