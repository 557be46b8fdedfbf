// The entry: a small router shell. The public pages (sign-in, password reset, e-mail confirmation, shared links)
// render with MUI and a few of react-admin's contexts (src/custom/auth/PublicShell); the signed-in console
// (react-admin's <Admin>, src/App.tsx) is a chunk of its own, loaded for every other route.
import { type ReactNode, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { type AppAuthProvider, createAuthProvider } from './authProvider';
import { readToken } from './authProvider/session';
import { registerConsolePreload } from './custom/auth/consolePreload';
import { PublicShell } from './custom/auth/PublicShell';
import { HttpClientProvider } from './dataProvider/ApiContext';
import { installDebugSwitches } from './dataProvider/debug';
import { createHttpClient } from './dataProvider/httpClient';
import { detectLocale } from './i18n/detectLocale';
import { loadMessages } from './i18n/messages';
import { lazyPage } from './layout/lazyPage';
import { createStore, STORE_KEYS } from './layout/store';
import { applyScale } from './theme/theme';

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
const UnsubscribePage = lazyPage(() =>
  import('./custom/auth/UnsubscribePage').then((m) => m.UnsubscribePage),
);
const LinksPage = lazyPage(() => import('./custom/pages/LinksPage').then((m) => m.LinksPage));
const VerifyPage = lazyPage(() => import('./custom/verify/VerifyPage').then((m) => m.VerifyPage));

/**
 * A visitor without a token never downloads the console: the wanted path is remembered (checkAuth) and the
 * browser goes to /login, as the shell's RequireSignIn would do once loaded.
 */
const SignedInOnly = ({ authProvider, children }: { authProvider: AppAuthProvider; children: ReactNode }) => {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(readToken());
  const path = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (signedIn) return;
    authProvider.checkAuth({ path }).catch(() => {
      // Expected: checkAuth rejects for a visitor without a token, after remembering the path.
    });
    navigate('/login', { replace: true });
  }, [signedIn, path, authProvider, navigate]);
  return signedIn ? children : null;
};

async function start() {
  installDebugSwitches();
  const store = createStore();
  store.setup();

  // The interface scale follows the store, on every page including the public ones.
  applyScale(store.getItem<number>(STORE_KEYS.scale) ?? 1);
  store.subscribe(STORE_KEYS.scale, (scale) => applyScale(Number(scale ?? 1) || 1));

  const locale = detectLocale(store.getItem(STORE_KEYS.locale), navigator.language);
  await loadMessages(locale);
  document.documentElement.lang = locale;

  const httpClient = createHttpClient({ getToken: readToken });
  const authProvider = createAuthProvider({ httpClient });

  const loadConsole = () => import('./App');
  registerConsolePreload(loadConsole);
  const Console = lazyPage(async () => {
    const { App, prepareApp } = await loadConsole();
    await prepareApp(store);
    return () => <App httpClient={httpClient} authProvider={authProvider} store={store} />;
  });

  const publicShell = (
    <PublicShell store={store} authProvider={authProvider}>
      <Suspense>
        <Outlet />
      </Suspense>
    </PublicShell>
  );

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <HttpClientProvider value={httpClient}>
        <BrowserRouter>
          <Routes>
            <Route element={publicShell}>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/confirm-email-change" element={<ConfirmEmailChangePage />} />
              <Route path="/unsubscribe" element={<UnsubscribePage />} />
              <Route path="/links/:group_name" element={<LinksPage />} />
              <Route path="/verify" element={<VerifyPage />} />
            </Route>
            <Route
              path="*"
              element={
                <SignedInOnly authProvider={authProvider}>
                  <Console />
                </SignedInOnly>
              }
            />
          </Routes>
        </BrowserRouter>
      </HttpClientProvider>
    </StrictMode>,
  );
}

void start();
