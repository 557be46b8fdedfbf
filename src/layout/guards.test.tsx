import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../authProvider';
import { RequireAccess } from '../authProvider/RequireAccess';
import { REDIRECT_KEY, writeToken } from '../authProvider/session';
import type { HttpClient } from '../dataProvider/httpClient';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { RequireSignIn } from './RequireSignIn';

const routes = (guarded: React.ReactNode) => (
  <Routes>
    <Route path="/" element={<p>home</p>} />
    <Route path="/login" element={<p>login page</p>} />
    <Route path="/partners" element={guarded} />
    <Route path="/tasks" element={guarded} />
  </Routes>
);

describe('route guards', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('tells a user an admin-or-developer page is not theirs', async () => {
    renderWithAdmin(routes(<RequireAccess resource="partners">partners list</RequireAccess>), {
      role: 'user',
      path: '/partners',
    });
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
  });

  it('opens them for a developer', async () => {
    renderWithAdmin(routes(<RequireAccess resource="partners">partners list</RequireAccess>), {
      role: 'developer',
      path: '/partners',
    });
    expect(await screen.findByText('partners list')).toBeInTheDocument();
  });

  it('sends a visitor without a token to /login and remembers the wanted path', async () => {
    const authProvider = createAuthProvider({ httpClient: vi.fn() as unknown as HttpClient });
    renderWithAdmin(routes(<RequireSignIn>my tasks</RequireSignIn>), { path: '/tasks?tab=my', authProvider });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/tasks?tab=my');
  });

  it('lets a signed-in user through', async () => {
    writeToken('jwt');
    renderWithAdmin(routes(<RequireSignIn>my tasks</RequireSignIn>), { path: '/tasks' });
    expect(await screen.findByText('my tasks')).toBeInTheDocument();
  });
});
