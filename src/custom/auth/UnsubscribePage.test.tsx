import { configure, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type HttpClient, type HttpRequest } from '../../dataProvider/httpClient';
import { loadMessages } from '../../i18n/messages';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { UnsubscribePage } from './UnsubscribePage';

configure({ asyncUtilTimeout: 5000 });

function setup(path: string, answer: () => unknown = () => ({ detail: 'ok' }), locale: 'en' | 'ru' = 'en') {
  const calls: { path: string; request: HttpRequest }[] = [];
  const httpClient = vi.fn(async (p: string, request: HttpRequest = {}) => {
    calls.push({ path: p, request });
    return { status: 200, headers: new Headers(), json: await answer() };
  }) as unknown as HttpClient;
  renderWithAdmin(
    <Routes>
      <Route path="/unsubscribe" element={<UnsubscribePage />} />
    </Routes>,
    { path, httpClient, locale },
  );
  return calls;
}

describe('the unsubscribe page of release e-mails (issue 15)', () => {
  it('unsubscribes on arrival, signed out, and says it is done', async () => {
    const calls = setup('/unsubscribe?token=7.abc');
    expect(
      await screen.findByText(/you will no longer receive e-mails about new releases/),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: '/mail/unsubscribe',
        request: { method: 'POST', query: { token: '7.abc' }, body: {}, auth: false },
      },
    ]);
  });

  it('speaks Russian', async () => {
    await loadMessages('ru');
    setup('/unsubscribe?token=7.abc', undefined, 'ru');
    expect(await screen.findByText(/письма о новых релизах больше не будут приходить/)).toBeInTheDocument();
  });

  it('says when the link is not valid', async () => {
    setup('/unsubscribe?token=forged', () => {
      throw new ApiError('Bad Request', 400, { detail: 'Invalid or expired token' }, 'Bad Request');
    });
    expect(await screen.findByText(/Could not unsubscribe\. Invalid or expired token/)).toBeInTheDocument();
  });

  it('says when the link has no token, and calls nothing', async () => {
    const calls = setup('/unsubscribe');
    expect(await screen.findByText(/This link has no token/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
