import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AdminContext,
  type AuthProvider,
  type DataProvider,
  memoryStore,
  ResourceDefinitionContextProvider,
  type Store,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { canAccess } from '../../contract/can-access';
import type { Language } from '../../contract/constants';
import type { Role } from '../../contract/roles';
import { HttpClientProvider } from '../dataProvider/ApiContext';
import type { HttpClient } from '../dataProvider/httpClient';
import { createI18nProvider } from '../i18n/i18nProvider';
import agents from '../resources/agents';
import audit from '../resources/audit';
import catalogue from '../resources/catalogue';
import partners from '../resources/partners';
import releases from '../resources/releases';
import sets from '../resources/sets';
import tasks from '../resources/tasks';

/**
 * MUI's styles go into the document through the CSS object model (emotion's "speedy" mode, as in production)
 * rather than as text appended to <style> elements, each of which jsdom parses again with all the text before
 * it: the dom project spent 139 CPU-s instead of 178, every test passing (issue 40). One cache for every render,
 * as the console has one.
 */
const speedyCache = createCache({ key: 'css', speedy: true });

const definitions = Object.fromEntries(
  Object.entries({ releases, firmwares: sets, tasks, partners, agents, catalogue, audit }).map(
    ([name, r]) => [
      name,
      { name, hasList: true, icon: r.icon, options: 'options' in r ? r.options : undefined },
    ],
  ),
);

/** A signed-in role's authProvider, with the real canAccess. */
export const fakeAuthProvider = (role: Role): AuthProvider => ({
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getPermissions: async () => role,
  getIdentity: async () => ({ id: 1, fullName: 'tester' }),
  canAccess: async ({ action, resource }) => canAccess(role, action, resource),
});

/**
 * Renders inside react-admin's context (English messages unless `locale` names one already loaded, a memory
 * store) with our resources registered.
 */
export function renderWithAdmin(
  ui: ReactNode,
  {
    role = 'user' as Role,
    store = memoryStore() as Store,
    path = '/',
    locale = 'en' as Language,
    authProvider = fakeAuthProvider(role),
    dataProvider = undefined as DataProvider | undefined,
    queryClient = undefined as QueryClient | undefined,
    i18nProvider = createI18nProvider(locale),
    httpClient = vi.fn(async () => ({
      status: 200,
      headers: new Headers(),
      json: {},
    })) as unknown as HttpClient,
  } = {},
) {
  const view = render(
    <CacheProvider value={speedyCache}>
      <MemoryRouter initialEntries={[path]}>
        <HttpClientProvider value={httpClient}>
          <AdminContext
            authProvider={authProvider}
            dataProvider={dataProvider}
            queryClient={queryClient}
            i18nProvider={i18nProvider}
            store={store}
          >
            <ResourceDefinitionContextProvider definitions={definitions}>
              {ui}
            </ResourceDefinitionContextProvider>
          </AdminContext>
        </HttpClientProvider>
      </MemoryRouter>
    </CacheProvider>,
  );
  return { ...view, httpClient, store };
}
