import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../dataProvider/httpClient';
import { stopSchedulers } from '../../dataProvider/schedulers';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { BuildLogDialog } from './BuildLogDialog';
import { LiveProvider } from './LiveProvider';
import { createLiveStore } from './liveStore';

const shownSeqs = () =>
  Array.from(document.querySelectorAll('[data-seq]')).map((line) => Number(line.getAttribute('data-seq')));

// jsdom lays nothing out: the log's box is given the height it has in a browser, so that the list (which draws
// only the lines in view) has a view to fill.
// jsdom lays nothing out: the log's box is given the height it has in a browser, so that the list (which draws
// only the lines in view) has a view to fill. Lines measure 0 high here, so every line held is drawn: which
// lines a browser draws is the end-to-end test's (tests/e2e/build-log.test.ts).
const sizes = { clientHeight: 448 };
const kept = Object.keys(sizes).map((key) => [
  key,
  Object.getOwnPropertyDescriptor(HTMLElement.prototype, key),
]);
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes))
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [key, descriptor] of kept)
    if (descriptor)
      Object.defineProperty(HTMLElement.prototype, key as string, descriptor as PropertyDescriptor);
});

describe('BuildLogDialog', () => {
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
      before: null,
      after: null,
    };
    const httpClient = vi.fn(async () => ({ status: 200, headers: new Headers(), json: stored }));
    renderWithAdmin(
      <LiveProvider store={store}>
        <BuildLogDialog buildId={9} open onClose={() => {}} subtitle="Farm · S19" />
      </LiveProvider>,
      { httpClient: httpClient as unknown as HttpClient },
    );
    expect(await screen.findByText('Building S19')).toBeInTheDocument();
    // The newest page only, once.
    expect(httpClient).toHaveBeenCalledTimes(1);
    expect(httpClient).toHaveBeenCalledWith(
      '/client/firmware/firmwares/9/log',
      expect.objectContaining({ query: { limit: 500 } }),
    );
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

/** A build's stored log as the server answers it: 2,000 lines, seq 100, 102, …; `line 7 needle` every 500th. */
function fakeLogServer(progress = 100) {
  const all = Array.from({ length: 2000 }, (_, i) => ({
    seq: 100 + 2 * i,
    line: `line ${i + 1}${(i + 1) % 500 === 0 ? ' needle' : ''}`,
    at: '2025-01-01T10:00:00Z',
  }));
  const calls: Record<string, unknown>[] = [];
  const httpClient = vi.fn(async (_path: string, request?: { query?: Record<string, unknown> }) => {
    const {
      before,
      after,
      limit = 500,
      q,
    } = (request?.query ?? {}) as Record<string, number | undefined> & {
      q?: string;
    };
    calls.push(request?.query ?? {});
    const n = Number(limit);
    let json: unknown;
    if (q) {
      const found = all.filter((l) => l.line.includes(q) && (before === undefined || l.seq < before));
      const page = found.slice(-n);
      json = { progress, lines: page, before: found.length > n ? page[0].seq : null, after: null };
    } else if (after !== undefined) {
      const rest = all.filter((l) => l.seq > after);
      const page = rest.slice(0, n);
      json = {
        progress,
        lines: page,
        before: page[0]?.seq ?? null,
        after: rest.length > n ? page.at(-1)?.seq : null,
      };
    } else {
      const older = all.filter((l) => before === undefined || l.seq < before);
      const page = older.slice(-n);
      json = {
        progress,
        lines: page,
        before: older.length > n ? page[0].seq : null,
        after: before === undefined ? null : page.at(-1)?.seq,
      };
    }
    return { status: 200, headers: new Headers(), json };
  });
  return { httpClient, calls, seqOf: (n: number) => all[n - 1].seq };
}

describe('BuildLogDialog on a long log', { timeout: 60_000 }, () => {
  afterEach(() => stopSchedulers());

  const open = (httpClient: unknown) =>
    renderWithAdmin(<BuildLogDialog buildId={3} open onClose={() => {}} />, {
      httpClient: httpClient as HttpClient,
    });

  it('opens on the newest page only, and reads the page before it when scrolled to the top', async () => {
    const server = fakeLogServer();
    open(server.httpClient);
    expect(await screen.findByText('line 2000 needle')).toBeInTheDocument();
    expect(server.calls).toEqual([{ limit: 500 }]);
    const box = screen.getByRole('log');
    box.scrollTop = 0;
    fireEvent.scroll(box);
    await waitFor(() =>
      expect(server.calls).toEqual([{ limit: 500 }, { limit: 500, before: server.seqOf(1501) }]),
    );
  });

  it('searches the whole log on the server and jumps to a match it does not hold, reading only around it', async () => {
    const server = fakeLogServer();
    const user = userEvent.setup();
    open(server.httpClient);
    await screen.findByText('line 2000 needle');
    await user.type(screen.getByRole('textbox', { name: 'Search the log' }), 'needle');
    expect(await screen.findByText('1 of 4')).toBeInTheDocument();
    expect(server.calls.at(-1)).toEqual({ limit: 200, q: 'needle' });
    // The newest match is held already: nothing more is read.
    const reads = server.calls.length;
    await user.click(screen.getByRole('button', { name: 'Previous match (older)' }));
    await user.click(screen.getByRole('button', { name: 'Previous match (older)' }));
    expect(await screen.findByText('3 of 4')).toBeInTheDocument();
    // line 1000 is not held (the newest 500 are): the lines around it are read, and it is shown marked.
    await waitFor(() =>
      expect(server.calls.slice(reads)).toEqual([
        { limit: 250, before: server.seqOf(1500) + 1 },
        { limit: 250, after: server.seqOf(1500) },
        { limit: 250, before: server.seqOf(1000) + 1 },
        { limit: 250, after: server.seqOf(1000) },
      ]),
    );
    expect(await screen.findByText('needle', { selector: 'mark' })).toBeInTheDocument();
    expect(document.querySelector(`[data-seq="${server.seqOf(1000)}"]`)).toHaveTextContent(
      'line 1000 needle',
    );
  });

  it('reads only the lines after the newest held one while the build runs (no socket)', async () => {
    const server = fakeLogServer(40);
    open(server.httpClient);
    await screen.findByText('line 2000 needle');
    await waitFor(() => expect(server.calls).toContainEqual({ limit: 500, after: server.seqOf(2000) }));
    expect(server.calls.filter((c) => c.after === undefined && c.before === undefined)).toHaveLength(1);
  });
});
