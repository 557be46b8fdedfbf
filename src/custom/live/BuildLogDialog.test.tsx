import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../api/httpClient';
import { stopSchedulers } from '../../lib/schedulers';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { BuildLogDialog } from './BuildLogDialog';
import { LiveProvider } from './LiveProvider';
import { createLiveStore } from './liveStore';

const shownSeqs = () =>
  Array.from(document.querySelectorAll('[data-seq]')).map((line) => Number(line.getAttribute('data-seq')));

describe('BuildLogDialog', { timeout: 30_000 }, () => {
  afterEach(() => stopSchedulers());

  it('shows the stored log first, then the live lines, each once, with the progress', async () => {
    const store = createLiveStore();
    // Lines that arrived over the socket before and after the stored log was read.
    store.dispatch({ fw_id: 9, type: 'log_build', data: 'fetching', seq: 11 });
    store.dispatch({ fw_id: 9, type: 'log_build', data: 'other build', seq: 12 });
    store.dispatch({ fw_id: 5, type: 'log_build', data: 'not this build', seq: 13 });
    const stored = {
      progress: 30,
      lines: [
        { seq: 10, line: 'Building S19', at: '2025-01-01T10:00:00Z' },
        { seq: 11, line: 'fetching', at: '2025-01-01T10:00:01Z' },
      ],
    };
    const httpClient = vi.fn(async () => ({ status: 200, headers: new Headers(), json: stored }));
    renderWithAdmin(
      <LiveProvider store={store}>
        <BuildLogDialog buildId={9} open onClose={() => {}} subtitle="Farm · S19" />
      </LiveProvider>,
      { httpClient: httpClient as unknown as HttpClient },
    );
    expect(await screen.findByText('Building S19')).toBeInTheDocument();
    expect(httpClient).toHaveBeenCalledWith('/client/firmware/firmwares/9/log');
    expect(shownSeqs()).toEqual([10, 11, 12]);
    expect(screen.getByText('30%')).toBeInTheDocument();

    store.dispatch({ fw_id: 9, type: 'progress_build', data: 64, seq: 14 });
    store.dispatch({ fw_id: 9, type: 'log_build', data: 'packing', seq: 15 });
    store.dispatch({ fw_id: 9, type: 'log_build', data: 'packing', seq: 15 });
    await waitFor(() => expect(shownSeqs()).toEqual([10, 11, 12, 15]));
    expect(screen.getByText('64%')).toBeInTheDocument();
    expect(screen.getAllByText('packing')).toHaveLength(1);
    expect(screen.queryByText('not this build')).not.toBeInTheDocument();
  });
});
