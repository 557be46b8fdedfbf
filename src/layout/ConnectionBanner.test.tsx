import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportConnection } from '../dataProvider/connectionStatus';
import { ApiError, ConnectionError, createHttpClient } from '../dataProvider/httpClient';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { ConnectionBanner } from './ConnectionBanner';

const MESSAGE = 'The server cannot be reached. Retrying…';

/** A real httpClient over a fetch that answers what the test says next. */
function clientAnswering(next: () => Response | Error) {
  return createHttpClient({
    getToken: () => 'token',
    readCookies: () => 'XSRF-TOKEN=x',
    baseUrl: '/api',
    fetch: async () => {
      const answer = next();
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ConnectionBanner', () => {
  afterEach(() => reportConnection(true));

  it('shows while calls fail with network errors or 503, and hides when one succeeds again', async () => {
    // Writes: they are not tried again (reads are, see httpClient.test), so each outcome shows at once.
    let answer: Response | Error = json(200, {});
    const http = clientAnswering(() => answer);
    const write = (path: string) => http(path, { method: 'POST', body: {} });
    renderWithAdmin(<ConnectionBanner />);
    await act(() => write('/client/firmware/groups'));
    expect(screen.queryByRole('alert')).toBeNull();

    // The server is gone: fetch itself fails.
    answer = new TypeError('Failed to fetch');
    await act(() => expect(write('/client/firmware/groups')).rejects.toBeInstanceOf(ConnectionError));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE);

    // The server answers, but its database is not there.
    answer = json(503, { detail: 'Database unavailable' });
    await act(() => expect(write('/client/firmware/groups')).rejects.toBeInstanceOf(ApiError));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE);

    // Any real answer, an error included, means the server is back.
    answer = json(404, { detail: 'Not found' });
    await act(() => expect(write('/client/firmware/groups/1')).rejects.toBeInstanceOf(ApiError));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is not shown for a request the page itself aborted', async () => {
    const http = clientAnswering(() => new TypeError('aborted'));
    renderWithAdmin(<ConnectionBanner />);
    const controller = new AbortController();
    controller.abort();
    await act(() => expect(http('/client/releases', { signal: controller.signal })).rejects.toThrow());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in Russian too', async () => {
    const ru = (await import('../../locales/ru.json')).default as {
      app: { connection: { lost: string } };
    };
    expect(ru.app.connection.lost).toBe('Сервер недоступен. Повторяем попытку…');
  });
});
