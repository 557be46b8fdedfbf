import { render, screen } from '@testing-library/react';
import { CoreAdminContext, useGetIdentity, usePermissions } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../dataProvider/httpClient';
import type { Account } from './account';
import { type AppAuthProvider, createAuthProvider } from './index';
import { clearToken, writeToken } from './session';
import { signedInQueryClient } from './signedInQueries';

const admin = { id: 3, email: 'ops@example.com', worker: 'ops', role: 'admin' } as Account;

/** An authProvider whose account is loaded, and whose later questions never get an answer. */
async function loadedProvider(): Promise<AppAuthProvider> {
  const httpClient = vi.fn(async () => ({ status: 200, headers: new Headers(), json: admin }));
  const provider = createAuthProvider({ httpClient: httpClient as unknown as HttpClient });
  await provider.loadAccount();
  const never = () => new Promise<never>(() => {});
  return { ...provider, checkAuth: never, getPermissions: never, getIdentity: never };
}

const Probe = () => {
  const { permissions, isPending } = usePermissions();
  const { identity } = useGetIdentity();
  return <p>{isPending ? 'waiting for the role' : `${permissions} ${identity?.fullName ?? ''}`}</p>;
};

/** react-admin's context as the console mounts it: the seeded client of a loaded provider. */
async function renderConsole() {
  const authProvider = await loadedProvider();
  render(
    <CoreAdminContext authProvider={authProvider} queryClient={signedInQueryClient(authProvider)}>
      <Probe />
    </CoreAdminContext>,
  );
}

describe('signedInQueryClient', () => {
  beforeEach(() => clearToken());

  it('gives react-admin the role and identity on its first render, without asking the authProvider', async () => {
    writeToken('jwt');
    await renderConsole();
    expect(screen.getByText('admin ops')).toBeInTheDocument();
  });

  it('holds nothing without a token: react-admin asks as it always did', async () => {
    await renderConsole();
    expect(screen.getByText('waiting for the role')).toBeInTheDocument();
  });
});
