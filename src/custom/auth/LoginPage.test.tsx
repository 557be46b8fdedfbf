import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../dataProvider/httpClient';
import { fakeAuthProvider, renderWithAdmin } from '../../test/renderWithAdmin';
import { LoginPage } from './LoginPage';

describe('LoginPage', () => {
  it('validates the e-mail and password with the spec messages', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithAdmin(<LoginPage />);
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Password length must be from 8 to 32 characters')).toBeInTheDocument();
  });

  it('signs in with the e-mail and password', async () => {
    const user = userEvent.setup({ delay: null });
    const authProvider = { ...fakeAuthProvider('user'), login: vi.fn(async () => ({ redirectTo: '/' })) };
    renderWithAdmin(<LoginPage />, { authProvider });
    await user.type(await screen.findByLabelText(/^Email/), ' partner@example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(authProvider.login).toHaveBeenCalledWith({
        email: 'partner@example.com',
        password: 'secret123',
      }),
    );
  });

  it('says how long to wait when the server throttles sign-in (429 with Retry-After)', async () => {
    const user = userEvent.setup({ delay: null });
    const throttled = new ApiError(
      'Too many sign-in attempts, try again later',
      429,
      {},
      'Too Many Requests',
      4,
    );
    const authProvider = { ...fakeAuthProvider('user'), login: vi.fn(async () => Promise.reject(throttled)) };
    renderWithAdmin(
      <>
        <LoginPage />
        <Notification />
      </>,
      { authProvider },
    );
    await user.type(await screen.findByLabelText(/^Email/), 'partner@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Try again in 4 seconds.')).toBeInTheDocument();
  });
});
