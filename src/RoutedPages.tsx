// Every page but a first visit to /login: react-router over the public pages (drawn in PublicShell, those built
// with MUI inside PublicMuiTheme) and the signed-in console (react-admin's <Admin>, src/App.tsx, a chunk of its
// own loaded for every other route). The entry (src/main.tsx) loads this module for any other path, or when the
// sign-in page is left.
import type { Store } from 'react-admin';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import type { AppAuthProvider } from './authProvider';
import { lazyPage } from './boot/lazyPage';
import { AwaitingConsole } from './boot/ShellSkeleton';
import { LoginPage } from './custom/auth/LoginPage';
import { PublicShell } from './custom/auth/PublicShell';
import type { HttpClient } from './dataProvider/httpClient';
import { RequireSignIn } from './layout/RequireSignIn';
import { listenBeforeRouter } from './layout/useNavigationBlocker';

// The build form's question before Back (issue 37, item 2.7) must hear the browser's Back before the router does.
listenBeforeRouter();

const ForgotPasswordPage = lazyPage(() =>
  import('./custom/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('./custom/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
);
const ConfirmEmailChangePage = lazyPage(() =>
  import('./custom/auth/ConfirmEmailChangePage').then((m) => m.ConfirmEmailChangePage),
);
const UnsubscribePage = lazyPage(() =>
  import('./custom/auth/UnsubscribePage').then((m) => m.UnsubscribePage),
);
const LinksPage = lazyPage(() => import('./resources/sets/LinksPage').then((m) => m.LinksPage));
const VerifyPage = lazyPage(() => import('./resources/builds/verify/VerifyPage').then((m) => m.VerifyPage));
const PublicMuiTheme = lazyPage(() => import('./custom/auth/PublicMuiTheme').then((m) => m.PublicMuiTheme));

/** What the routed pages share with the entry. */
export interface RoutedPagesProps {
  store: Store;
  httpClient: HttpClient;
  authProvider: AppAuthProvider;
  /** Loads the console's chunk (the same promise the sign-in form starts while it signs in). */
  loadConsole: () => Promise<typeof import('./App')>;
}

/** The routed pages over the entry's store and clients; called once, when this chunk arrives. */
export function routedPages({ store, httpClient, authProvider, loadConsole }: RoutedPagesProps) {
  const Console = lazyPage(
    async () => {
      const { App, prepareApp } = await loadConsole();
      await prepareApp(store, authProvider);
      return () => <App httpClient={httpClient} authProvider={authProvider} store={store} />;
    },
    // The console's frame stays while its code loads (issue 14).
    <AwaitingConsole />,
  );
  const publicShell = (
    <PublicShell store={store} authProvider={authProvider}>
      <Outlet />
    </PublicShell>
  );
  const withMui = (
    <PublicMuiTheme>
      <Outlet />
    </PublicMuiTheme>
  );
  return () => (
    <BrowserRouter>
      <Routes>
        <Route element={publicShell}>
          <Route path="/login" element={<LoginPage />} />
          <Route element={withMui}>
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/confirm-email-change" element={<ConfirmEmailChangePage />} />
            <Route path="/unsubscribe" element={<UnsubscribePage />} />
            <Route path="/links/:group_name" element={<LinksPage />} />
            <Route path="/verify" element={<VerifyPage />} />
          </Route>
        </Route>
        <Route
          path="*"
          element={
            <RequireSignIn authProvider={authProvider}>
              <Console />
            </RequireSignIn>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
