import { useGetIdentity } from 'ra-core';
import type { Account } from './account';
import type { AppIdentity } from './index';

/** The signed-in account (loaded at startup through react-admin's identity), or undefined while loading. */
export function useAccount(): { account: Account | undefined; isPending: boolean; refetch: () => void } {
  const { identity, isPending, refetch } = useGetIdentity();
  return { account: (identity as AppIdentity | undefined)?.account, isPending, refetch };
}
