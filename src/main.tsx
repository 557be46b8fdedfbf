// The entry. A first visit to /login gets only the sign-in page: React, a few of react-admin's contexts
// (src/custom/auth/PublicShell) and plain elements styled by CSS, no MUI and no react-router. Any other path,
// or leaving the sign-in page, loads the routed pages (src/RoutedPages.tsx: react-router, the other public
// pages, and the console's chunk for every other route).
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthProvider } from './authProvider';
import { readToken, tokenRenewal } from './authProvider/session';
import {
  CONSOLE_CHUNK,
  inTasks,
  loadOnce,
  nextTask,
  pageChunks,
  preloadModule,
  routedChunks,
} from './boot/consoleChunks';
import { afterFirstPaint } from './boot/firstPaint';
import { retryingImport } from './boot/retryingImport';
import { AwaitingConsole, ShellSkeletonHost, shellFrameRoute } from './boot/ShellSkeleton';
import { registerConsolePreload } from './custom/auth/consolePreload';
import { LoginPage } from './custom/auth/LoginPage';
import { PublicShell } from './custom/auth/PublicShell';
import { HttpClientProvider } from './dataProvider/ApiContext';
import { installDebugSwitches } from './dataProvider/debug';
import { createHttpClient } from './dataProvider/httpClient';
import { loadMessages } from './i18n/messages';
import { createStore, currentLocale, foldMenuWhenNarrow, STORE_KEYS } from './layout/store';
import { applyScale } from './theme/scale';

const onSignInPage = () => window.location.pathname === '/login';

/**
 * The sign-in page alone until it is left (a link, or signed in), then the routed pages for good. Signed in on a
 * console page, the console's frame is painted first and the routed pages (whose lazy chunk starts the
 * downloads) come once it is shown: the first paint does not wait on, nor share the network with, the console.
 */
const Root = ({
  signIn,
  routed,
  frame,
  framePainted,
}: {
  signIn: ReactNode;
  routed: ReactNode;
  frame: ReactNode;
  framePainted: Promise<void>;
}) => {
  const [left, setLeft] = useState(() => !onSignInPage() || Boolean(readToken()));
  const [framed, setFramed] = useState(() => frame === null);
  useEffect(() => {
    if (!framed) framePainted.then(() => setFramed(true));
  }, [framed, framePainted]);
  useEffect(() => {
    if (left) return;
    const follow = () => setLeft(!onSignInPage());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [left]);
  if (!left) return signIn;
  return framed ? routed : frame;
};

async function start() {
  installDebugSwitches();
  const store = createStore();
  store.setup();
  foldMenuWhenNarrow(store);

  // The interface scale follows the store, on every page including the public ones.
  applyScale(store.getItem<number>(STORE_KEYS.scale) ?? 1);
  store.subscribe(STORE_KEYS.scale, (scale) => applyScale(Number(scale ?? 1) || 1));

  const locale = currentLocale(store);
  await loadMessages(locale);
  document.documentElement.lang = locale;

  const httpClient = createHttpClient({ getToken: readToken, tokenRenewal });
  const authProvider = createAuthProvider({ httpClient });

  // The routed pages, the shell and the console, in stages evaluated each in a task of its own, all fetched at once
  // (consoleChunks.ts).
  const loadRouted = loadOnce(() => {
    if (import.meta.env.PROD) for (const href of routedChunks()) preloadModule(href);
    return inTasks(
      [() => import('./boot/startStages/reactRouter'), () => import('./boot/startStages/muiStyles')],
      () => import('./RoutedPages'),
    );
  });
  const loadConsole = loadOnce(() => {
    if (import.meta.env.PROD)
      for (const href of [CONSOLE_CHUNK, ...pageChunks(window.location.pathname)]) preloadModule(href);
    return inTasks([loadRouted, () => import('./layout/Layout')], () => import('./App'));
  });
  // The console loads the routed pages first.
  registerConsolePreload(loadConsole);
  // Signed in on any other page: once the console's frame is painted, the routed pages' and the console's chunks
  // are fetched both at once rather than one after the other (round trips less before the first signed-in page
  // draws). The account, which decides the menu and the API paths, is asked for at the same time, not once the
  // console has started.
  const signedInPage = !onSignInPage() && Boolean(readToken());
  // Each started in a task of its own: together, with the preload links of every chunk, they were one task of
  // ~20 ms under Lighthouse's trace (measured 2026-11-26).
  const startLoading = () => {
    authProvider.loadAccount().catch(() => undefined);
    void nextTask().then(() => loadRouted().catch(() => undefined));
    void nextTask().then(() => loadConsole().catch(() => undefined));
  };
  const Routed = lazy(async () => {
    const { routedPages } = await retryingImport(loadRouted);
    return { default: routedPages({ store, httpClient, authProvider, loadConsole }) };
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // A signed-in console page paints the console's frame first, then its code downloads (issue 14).
  const showsFrame = shellFrameRoute(window.location.pathname) !== null;
  const frame = showsFrame ? <AwaitingConsole /> : null;
  const framePainted = showsFrame ? afterFirstPaint() : Promise.resolve();
  if (signedInPage) framePainted.then(startLoading);
  createRoot(root).render(
    <StrictMode>
      <HttpClientProvider value={httpClient}>
        <ShellSkeletonHost store={store}>
          <Root
            signIn={
              <PublicShell store={store} authProvider={authProvider}>
                <LoginPage />
              </PublicShell>
            }
            frame={frame}
            framePainted={framePainted}
            routed={
              <Suspense fallback={frame}>
                <Routed />
              </Suspense>
            }
          />
        </ShellSkeletonHost>
      </HttpClientProvider>
    </StrictMode>,
  );
}

void start();
