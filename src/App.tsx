// The signed-in console: react-admin's contexts and routes (ConsoleAdmin) with the resources and the shell. It is
// a chunk of its own, loaded by main.tsx for every route that is not public, so the sign-in page does not download
// react-admin.
import { startTransition, useEffect, useState } from 'react';
import { CustomRoutes, Resource, type Store } from 'react-admin';
import { Route } from 'react-router-dom';
import { APP_NAME } from './appInfo';
import type { AppAuthProvider } from './authProvider';
import { AccessDenied } from './authProvider/AccessDenied';
import { RequireAccess } from './authProvider/RequireAccess';
import { signedInQueryClient } from './authProvider/signedInQueries';
import { watchFirstPage } from './boot/firstPageDrawn';
import { lazyPage } from './boot/lazyPage';
import { prefetchPageData, preloadPage } from './boot/preloadPage';
import { AwaitingConsole } from './boot/ShellSkeleton';
import { createDataProvider, resourcePaths } from './dataProvider';
import type { HttpClient } from './dataProvider/httpClient';
import { createI18nProvider, loadMessages } from './i18n/i18nProvider';
import { ConsoleAdmin } from './layout/ConsoleAdmin';
import { Layout } from './layout/Layout';
import { currentLocale } from './layout/store';
import agents from './resources/agents';
import audit from './resources/audit';
import catalogue from './resources/catalogue';
import partners from './resources/partners';
import releases from './resources/releases';
import sets from './resources/sets';
import tasks from './resources/tasks';
import { darkTheme, lightTheme } from './theme/theme';

// Every page is its own chunk (spec §2: all routes load on demand).
const ComponentsPage = lazyPage(() =>
  import('./resources/agents/ComponentsPage').then((m) => m.ComponentsPage),
);
const FindBuildPage = lazyPage(() =>
  import('./resources/builds/lookup/FindBuildPage').then((m) => m.FindBuildPage),
);
const ActiveBuildsPage = lazyPage(() =>
  import('./resources/builds/lookup/ActiveBuildsPage').then((m) => m.ActiveBuildsPage),
);
// Issue 42: the dashboard and its charts library load only when it opens.
const DashboardPage = lazyPage(() => import('./custom/dashboard/DashboardPage').then((m) => m.DashboardPage));
const NotFound = lazyPage(() => import('./layout/NotFound').then((m) => m.NotFound));

export interface AppProps {
  httpClient: HttpClient;
  authProvider: AppAuthProvider;
  store: Store;
}

/**
 * Loads the messages of the saved language, so the console's first render is in it, and the account, so it
 * knows the role; starts fetching the first page's code while the shell mounts (issue 14).
 */
export const prepareApp = async (store: Store, authProvider: AppAuthProvider) => {
  preloadPage(window.location.pathname);
  // The account is on its way since main.tsx started: the first render then knows the role (signedInQueries).
  await Promise.all([loadMessages(currentLocale(store)), authProvider.loadAccount().catch(() => undefined)]);
};

/**
 * The console. It runs inside main.tsx's router: the public pages (/login, …) are routes of that router, so
 * react-admin has no login page of its own and a signed-out visitor is sent to /login (see RequireSignIn).
 */
export const App = ({ httpClient, authProvider, store }: AppProps) => {
  const [{ dataProvider, queryClient }] = useState(() => ({
    dataProvider: createDataProvider(httpClient, resourcePaths, () => authProvider.getAccount()?.role),
    queryClient: signedInQueryClient(authProvider),
  }));
  const [i18nProvider] = useState(() => createI18nProvider(currentLocale(store)));
  // The shell's first render is a transition: React renders it in slices of a few milliseconds and lets the
  // browser paint and answer in between, instead of one task of a second or more on a slow phone (issue 14).
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // The work that can wait (task counters, models, the live socket) starts once this page is drawn.
    watchFirstPage(() => queryClient.isFetching() > 0);
    // The first page's lists are asked for now, beside its code, not once the shell has rendered (issue 14). In an
    // effect, which runs once for the mounted console: a render may be started again and its state made anew.
    const role = authProvider.getAccount()?.role;
    if (role) prefetchPageData(window.location.pathname, { dataProvider, queryClient, store, role });
    startTransition(() => setMounted(true));
  }, [authProvider, dataProvider, queryClient, store]);
  if (!mounted) return <AwaitingConsole />;
  return (
    <ConsoleAdmin
      title={APP_NAME}
      authProvider={authProvider}
      dataProvider={dataProvider}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      store={store}
      layout={Layout}
      catchAll={NotFound}
      accessDenied={AccessDenied}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
    >
      <Resource name="releases" {...releases} />
      {/* The sets page: the spec fixes its URL, /firmwares, which react-admin takes from the name. */}
      <Resource name="firmwares" {...sets} />
      <Resource name="tasks" {...tasks} />
      <Resource name="partners" {...partners} />
      <Resource name="agents" {...agents} />
      <Resource name="catalogue" {...catalogue} />
      <Resource name="audit" {...audit} />
      <CustomRoutes>
        <Route
          path="/dashboard"
          element={
            <RequireAccess resource="dashboard">
              <DashboardPage />
            </RequireAccess>
          }
        />
        <Route
          path="/components"
          element={
            <RequireAccess resource="components">
              <ComponentsPage />
            </RequireAccess>
          }
        />
        <Route
          path="/find-build"
          element={
            <RequireAccess resource="findBuild">
              <FindBuildPage />
            </RequireAccess>
          }
        />
        <Route
          path="/active-builds"
          element={
            <RequireAccess resource="activeBuilds">
              <ActiveBuildsPage />
            </RequireAccess>
          }
        />
      </CustomRoutes>
    </ConsoleAdmin>
  );
};
