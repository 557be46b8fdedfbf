import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_CHANGE_REDIRECT_MS, RESET_PASSWORD_REDIRECT_MS } from '../../../contract/constants';
import { ApiError, type HttpClient, type HttpRequest } from '../../dataProvider/httpClient';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { ConfirmEmailChangePage } from './ConfirmEmailChangePage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

// The machine running the suite may be busy: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

function setup(
  page: React.ReactNode,
  path: string,
  answer: (p: string, r: HttpRequest) => unknown = () => ({}),
) {
  const calls: { path: string; request: HttpRequest }[] = [];
  const httpClient = vi.fn(async (p: string, request: HttpRequest = {}) => {
    calls.push({ path: p, request });
    return { status: 200, headers: new Headers(), json: await answer(p, request) };
  }) as unknown as HttpClient;
  renderWithAdmin(
    <>
      <Routes>
        <Route path="/forgot-password" element={page} />
        <Route path="/reset-password" element={page} />
        <Route path="/confirm-email-change" element={page} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { path, httpClient },
  );
  return calls;
}

afterEach(() => vi.useRealTimers());

describe('public password pages', () => {
  it('forgot password: sends the e-mail and shows the message on the page', async () => {
    const u = userEvent.setup({ delay: null });
    const calls = setup(<ForgotPasswordPage />, '/forgot-password');
    await u.click(screen.getByLabelText(/^Email/));
    await u.paste('partner@example.com');
    await u.click(screen.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText('The email was sent. Please check your spam folder too.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: '/auth/forgot-password',
        request: { method: 'POST', body: { email: 'partner@example.com' }, auth: false },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('reset password: checks length and confirmation, then goes to /login after 7 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const u = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const calls = setup(<ResetPasswordPage />, '/reset-password?token=abc');
    await u.click(screen.getByLabelText(/^New password/));
    await u.paste('short');
    await u.click(screen.getByLabelText(/^Confirm password/));
    await u.paste('different');
    await u.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password length must be from 8 to 32 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await u.clear(screen.getByLabelText(/^New password/));
    await u.paste('brand-new-pass');
    await u.clear(screen.getByLabelText(/^Confirm password/));
    await u.paste('brand-new-pass');
    await u.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/Redirecting/)).toBeInTheDocument();
    expect(calls[0]).toEqual({
      path: '/auth/reset-password',
      request: { method: 'POST', body: { token: 'abc', password: 'brand-new-pass' }, auth: false },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESET_PASSWORD_REDIRECT_MS - 500);
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/reset-password');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
  });

  it('reset password: shows an invalid or expired token', async () => {
    const u = userEvent.setup({ delay: null });
    setup(<ResetPasswordPage />, '/reset-password?token=used', () => {
      throw new ApiError(
        'Invalid or expired token',
        400,
        { detail: 'Invalid or expired token' },
        'Bad Request',
      );
    });
    for (const label of [/^New password/, /^Confirm password/]) {
      await u.click(screen.getByLabelText(label));
      await u.paste('brand-new-pass');
    }
    await u.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Invalid or expired token')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('confirm e-mail change: confirms on arrival, then goes to / after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = setup(<ConfirmEmailChangePage />, '/confirm-email-change?token=t1', () => ({
      email: 'new@example.com',
    }));
    expect(await screen.findByText('Your e-mail address is now new@example.com.')).toBeInTheDocument();
    expect(screen.getByText(/Redirecting/)).toBeInTheDocument();
    expect(calls).toEqual([
      { path: '/client/account/confirm-change-email', request: { method: 'POST', body: { token: 't1' } } },
    ]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EMAIL_CHANGE_REDIRECT_MS - 500);
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/confirm-email-change');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });
});
