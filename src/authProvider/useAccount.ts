import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useGetIdentity } from 'ra-core';
import { useCallback } from 'react';
import type { Account } from './account';
import { type AppIdentity, identityOf } from './identity';
import type { AppAuthProvider } from './index';

/** react-admin's cache key of the identity (ra-core's useGetIdentity). */
const IDENTITY_KEY = ['auth', 'getIdentity'];

/** The signed-in account (loaded at startup through react-admin's identity), or undefined while loading. */
export function useAccount(): {
  account: Account | undefined;
  isPending: boolean;
  refetch: () => void;
  /** Asks the server again and shows its answer: what a mailed link (confirm, unsubscribe) changed meanwhile. */
  reload: () => Promise<void>;
} {
  const { identity, isPending, refetch } = useGetIdentity();
  const authProvider = useAuthProvider() as AppAuthProvider | undefined;
  const queryClient = useQueryClient();
  const reload = useCallback(async () => {
    const fresh = await authProvider?.reloadAccount?.().catch(() => undefined);
    if (fresh) queryClient.setQueryData(IDENTITY_KEY, identityOf(fresh));
  }, [authProvider, queryClient]);
  return { account: (identity as AppIdentity | undefined)?.account, isPending, refetch, reload };
}
