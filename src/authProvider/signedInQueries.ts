// What react-admin asks the authProvider on its first render, answered before that render (issue 14).
import { QueryClient } from '@tanstack/react-query';
import { canAccess, RESOURCES_WITH_RULES } from '../../contract/can-access';
import { installQueryTimers } from '../dataProvider/queryTimers';
import type { AppAuthProvider } from '.';
import { identityOf } from './identity';
import { readToken } from './session';

/** How long react-admin's sign-in check and access answers are trusted: as long as its role (usePermissions). */
const AUTH_CHECK_FRESH_MS = 5 * 60 * 1000;

/**
 * The console's react-query client, holding the sign-in check, the role and the identity of the account that
 * main.tsx started loading beside the console's code. Without them react-admin's first render draws its loading
 * page, and each answer arriving a moment later re-renders the whole shell synchronously (react-query notifies
 * through useSyncExternalStore): on a slow phone one task of a third of a second or more. The keys are
 * react-admin's own (ra-core's useAuthState, usePermissions and useGetIdentity, called without parameters, and
 * useRequireAccess as its list controller calls it);
 * react-query still asks the authProvider again when they go stale, so a change of role is followed as before.
 */
export function signedInQueryClient(authProvider: AppAuthProvider): QueryClient {
  installQueryTimers();
  const client = new QueryClient();
  // react-admin asks for the sign-in check and a list's access again at every page's mount, as soon as their
  // answers are stale (at once, by default). Each answer, the same as before, re-rendered the whole shell (the
  // check's observer sits in react-admin's routes) or the whole list (issue 14). The check only reads the token,
  // which RequireSignIn reads at every render anyway, and the access follows from the role: their answers are
  // kept as long as react-admin keeps the role (usePermissions).
  for (const check of ['checkAuth', 'canAccess'])
    client.setQueryDefaults(['auth', check], { staleTime: AUTH_CHECK_FRESH_MS });
  const account = authProvider.getAccount();
  if (!account || !readToken()) return client;
  client.setQueryData(['auth', 'checkAuth', {}], true);
  client.setQueryData(['auth', 'getPermissions', {}], account.role);
  client.setQueryData(['auth', 'getIdentity'], identityOf(account));
  // A list page (ra-core's useListController → useRequireAccess) asks whether it may list before it asks for its
  // data: answered here, its data is asked for on its first render rather than one render later.
  for (const resource of RESOURCES_WITH_RULES) {
    const key = ['auth', 'canAccess', { action: 'list', enabled: true, resource }];
    client.setQueryData(key, canAccess(account.role, 'list', resource));
  }
  return client;
}
