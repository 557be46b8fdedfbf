import { render, screen, waitFor } from '@testing-library/react';
import { CoreAdminContext, type DataProvider, ListBase, useGetIdentity, usePermissions } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../dataProvider/httpClient';
import type { Account } from './account';
import { type AppAuthProvider, createAuthProvider } from './index';
import { clearToken, writeToken } from './session';
import { signedInQueryClient } from './signedInQueries';

const admin = { id: 3, email: 'ops@example.com', worker: 'ops', role: 'admin' } as Account;

/** An authProvider whose account is loaded, and whose later questions (counted) never get an answer. */
async function loadedProvider(): Promise<AppAuthProvider> {
  const httpClient = vi.fn(async () => ({ status: 200, headers: new Headers(), json: admin }));
  const provider = createAuthProvider({ httpClient: httpClient as unknown as HttpClient });
  await provider.loadAccount();
  const never = () => vi.fn(() => new Promise<never>(() => {}));
  return {
    ...provider,
    checkAuth: never(),
    getPermissions: never(),
    getIdentity: never(),
    canAccess: never(),
  };
}

const Probe = () => {
  const { permissions, isPending } = usePermissions();
  const { identity } = useGetIdentity();
  return <p>{isPending ? 'waiting for the role' : `${permissions} ${identity?.fullName ?? ''}`}</p>;
};

/** A data provider that only says which lists were asked for. */
function listRecorder() {
  const lists: string[] = [];
  const dataProvider = {
    getList: async (resource: string) => {
      lists.push(resource);
      return { data: [], total: 0 };
    },
  } as unknown as DataProvider;
  return { lists, dataProvider };
}

/** react-admin's context as the console mounts it: the seeded client of a loaded provider. */
async function renderConsole(dataProvider?: DataProvider): Promise<AppAuthProvider> {
  const authProvider = await loadedProvider();
  render(
    <CoreAdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      queryClient={signedInQueryClient(authProvider)}
    >
      <Probe />
      <ListBase resource="releases">
        <p>releases list</p>
      </ListBase>
    </CoreAdminContext>,
  );
  return authProvider;
}

describe('signedInQueryClient', () => {
  beforeEach(() => clearToken());

  it('gives react-admin the role and identity on its first render, without asking the authProvider', async () => {
    writeToken('jwt');
    await renderConsole();
    expect(screen.getByText('admin ops')).toBeInTheDocument();
  });

  it('lets a list page ask for its data without waiting for the access check', async () => {
    writeToken('jwt');
    const { lists, dataProvider } = listRecorder();
    await renderConsole(dataProvider);
    await waitFor(() => expect(lists).toEqual(['releases']));
  });

  it('does not ask the sign-in check or the access again as the first list page mounts', async () => {
    // Asked again, each same answer re-rendered the whole shell or the whole list (issue 14).
    writeToken('jwt');
    const { lists, dataProvider } = listRecorder();
    const authProvider = await renderConsole(dataProvider);
    await waitFor(() => expect(lists).toEqual(['releases']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(authProvider.checkAuth).not.toHaveBeenCalled();
    expect(authProvider.canAccess).not.toHaveBeenCalled();
    expect(authProvider.getPermissions).not.toHaveBeenCalled();
  });

  it('holds nothing without a token: react-admin asks as it always did', async () => {
    const { lists, dataProvider } = listRecorder();
    await renderConsole(dataProvider);
    expect(screen.getByText('waiting for the role')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lists).toEqual([]);
  });
});
