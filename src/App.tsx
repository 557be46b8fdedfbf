import { Admin, CustomRoutes, type I18nProvider, Resource, type Store } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { HttpClientProvider } from './api/ApiContext';
import { createHttpClient, type HttpClient } from './api/httpClient';
import { type AppAuthProvider, createAuthProvider } from './authProvider';
import { readToken } from './authProvider/session';
import { GoHome, RequireAccess } from './custom/pages/RequireAccess';
import { Layout } from './custom/shell/Layout';
import { createDataProvider, resourcePaths } from './dataProvider';
import { APP_NAME } from './lib/constants';
import { lazyPage } from './lib/lazyPage';
import agents from './resources/agents';
import firmwares from './resources/firmwares';
import partners from './resources/partners';
import releases from './resources/releases';
import tasks from './resources/tasks';
import { darkTheme, lightTheme } from './theme/theme';

// Every page is its own chunk (spec §2: all routes load on demand).
const LoginPage = lazyPage(() => import('./custom/auth/LoginPage').then((m) => m.LoginPage));
const ForgotPasswordPage = lazyPage(() =>
  import('./custom/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('./custom/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
);
const ConfirmEmailChangePage = lazyPage(() =>
  import('./custom/auth/ConfirmEmailChangePage').then((m) => m.ConfirmEmailChangePage),
);
const LinksPage = lazyPage(() => import('./custom/pages/LinksPage').then((m) => m.LinksPage));
const ComponentsPage = lazyPage(() => import('./custom/pages/ComponentsPage').then((m) => m.ComponentsPage));
const NotFound = lazyPage(() => import('./custom/pages/NotFound').then((m) => m.NotFound));

export interface Providers {
  httpClient: HttpClient;
  authProvider: AppAuthProvider;
  dataProvider: ReturnType<typeof createDataProvider>;
}

export function createProviders(): Providers {
  const httpClient = createHttpClient({ getToken: readToken });
  const authProvider = createAuthProvider({ httpClient });
  const dataProvider = createDataProvider(httpClient, resourcePaths, () => authProvider.getAccount()?.role);
  return { httpClient, authProvider, dataProvider };
}

export interface AppProps extends Providers {
  i18nProvider: I18nProvider;
  store: Store;
}

export const App = ({ httpClient, authProvider, dataProvider, i18nProvider, store }: AppProps) => (
  <HttpClientProvider value={httpClient}>
    <BrowserRouter>
      <Admin
        title={APP_NAME}
        disableTelemetry
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        layout={Layout}
        loginPage={LoginPage}
        catchAll={NotFound}
        accessDenied={GoHome}
        lightTheme={lightTheme}
        darkTheme={darkTheme}
      >
        <Resource name="releases" {...releases} />
        <Resource name="firmwares" {...firmwares} />
        <Resource name="tasks" {...tasks} />
        <Resource name="partners" {...partners} />
        <Resource name="agents" {...agents} />
        <CustomRoutes>
          <Route
            path="/components"
            element={
              <RequireAccess resource="components">
                <ComponentsPage />
              </RequireAccess>
            }
          />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/confirm-email-change" element={<ConfirmEmailChangePage />} />
          <Route path="/links/:group_name" element={<LinksPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  </HttpClientProvider>
);
