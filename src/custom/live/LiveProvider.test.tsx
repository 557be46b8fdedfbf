import { screen, waitFor } from '@testing-library/react';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../authProvider/account';
import { createAuthProvider } from '../../authProvider/index';
import { readToken, writeToken } from '../../authProvider/session';
import { isConnectionDown, reportConnection } from '../../dataProvider/connectionStatus';
import type { HttpClient } from '../../dataProvider/httpClient';
import { FakeSocket } from '../../test/FakeSocket';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { LoginPage } from '../auth/LoginPage';
import { LiveProvider } from './LiveProvider';

const developer: Account = {
  id: 3,
  email: 'dev@example.com',
  worker: 'dev',
  language: 'en',
  send_email: false,
  role: 'developer',
  is_blocked: false,
  is_admin: false,
  is_developer: true,
  is_tester: false,
  beta_testing: false,
  notify_build_done: false,
  notify_build_failed: false,
  fee: [],
};

const socketOptions = { WebSocket: FakeSocket, minReconnectionDelay: 1, maxReconnectionDelay: 1 };

/** A developer's console on /tasks with the live socket open, with the real authProvider. */
async function openConsole() {
  writeToken('jwt');
  const httpClient = vi.fn(async () => ({ status: 200, headers: new Headers(), json: developer }));
  const authProvider = createAuthProvider({
    httpClient: httpClient as unknown as HttpClient,
    currentPath: () => '/tasks',
  });
  renderWithAdmin(
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="*"
          element={
            <LiveProvider socketOptions={socketOptions}>
              <p>Tasks page</p>
            </LiveProvider>
          }
        />
      </Routes>
      <Notification />
    </>,
    { authProvider, path: '/tasks' },
  );
  await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
  const socket = FakeSocket.instances[0];
  socket.accept();
  return socket;
}

describe('LiveProvider when the server ends the session', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    FakeSocket.instances = [];
  });

  it('4401 signs out to /login with the session-ended message, as a 401 from the API does', async () => {
    const socket = await openConsole();
    expect(screen.getByText('Tasks page')).toBeInTheDocument();
    socket.closedBy(4401);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(readToken()).toBeNull();
    // The way back after signing in again, as after any 401.
    expect(sessionStorage.getItem('fc.redirect')).toBe('/tasks');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('4403 signs out too, saying the access changed', async () => {
    const socket = await openConsole();
    socket.closedBy(4403);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByText('Your access has changed. Please sign in again.')).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });
});

describe('LiveProvider when the socket fails', () => {
  const SOCKET_ERROR = 'WebSocket error: see console log for more information.';
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    FakeSocket.instances = [];
    reportConnection(true);
    vi.restoreAllMocks();
  });

  it('while the server is away: the connection banner says so, and no error toast shows', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const socket = await openConsole();
    socket.fail();
    await waitFor(() => expect(isConnectionDown()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(SOCKET_ERROR)).toBeNull();
  });

  it('while the server answers: the socket error shows once, not once per reconnection attempt', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
    const socket = await openConsole();
    socket.fail();
    socket.fail();
    expect(await screen.findByText(SOCKET_ERROR)).toBeInTheDocument();
    expect(screen.getAllByText(SOCKET_ERROR)).toHaveLength(1);
    expect(isConnectionDown()).toBe(false);
  });
});
