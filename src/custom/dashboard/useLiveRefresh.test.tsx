import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveStore } from '../live/liveStore';
import { DASHBOARD_QUERY } from './useChart';
import { useLiveRefresh } from './useLiveRefresh';

const store = createLiveStore();
vi.mock('../live/LiveProvider', () => ({ useLive: () => ({ store, socket: true }) }));

afterEach(() => vi.useRealTimers());

describe('useLiveRefresh', () => {
  it('refreshes the charts on a live event, at most once per spell however many arrive', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const refreshed = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useLiveRefresh(10_000), { wrapper });
    store.dispatch({ fw_id: 1, type: 'progress_build', data: 10 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(refreshed).toHaveBeenLastCalledWith({ queryKey: [DASHBOARD_QUERY] });
    for (let progress = 20; progress <= 60; progress += 10)
      store.dispatch({ fw_id: 1, type: 'progress_build', data: progress });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(refreshed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshed).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshed).toHaveBeenCalledTimes(2);
  });
});
