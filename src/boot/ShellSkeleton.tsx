// The console's frame, drawn by the entry the moment a signed-in page starts (issue 14): the header with the
// page's title and subtitle, in the saved theme's colours, in plain CSS. It stands while the console's code
// downloads and starts (a slow phone: seconds), where the page was blank before, and the real header takes its
// place at the same size. No MUI, only react-admin's contexts: it is part of the entry's first download.
//
// One frame for the whole wait: the parts that wait on the console one after the other (the routed pages' chunk,
// the console's chunk, its first render) each mount an <AwaitingConsole /> as their fallback, and the one
// <ShellSkeletonHost /> near the root shows the frame while any is mounted. Each fallback drawing a frame of its
// own would replace its elements at every step: the page would be painted anew (its largest paint counted at the
// last step), and a screen reader told of a new page.
import { type ReactNode, useLayoutEffect, useSyncExternalStore } from 'react';
import { I18nContext, type Store } from 'react-admin';
import { readToken } from '../authProvider/session';
import { PublicConnectionBanner } from '../custom/auth/PublicConnectionBanner';
import { PublicIcon } from '../custom/auth/publicIcons';
import { loadedMessages } from '../i18n/messages';
import { staticI18nProvider } from '../i18n/translate';
import { currentLocale, STORE_KEYS } from '../layout/store';
import { CONSOLE_HOME, findRoute, type RouteMeta } from '../routes';
import '../custom/auth/public.css';
import './shellSkeleton.css';

/** The saved theme, else the system's: react-admin's ThemeProvider picks the same. */
const themeMode = (store: Store): 'light' | 'dark' =>
  store.getItem<'light' | 'dark'>(STORE_KEYS.theme) ??
  (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

/** The route whose frame `pathname` shows while the console loads: none signed out, public or without the shell. */
export function shellFrameRoute(pathname: string): RouteMeta | null {
  const route = findRoute(pathname === '/' ? CONSOLE_HOME : pathname);
  return readToken() && route.access !== 'public' && route.layout === 'shell' ? route : null;
}

/**
 * The header of the page shown while the console loads; nothing for a visitor without a token, a public page or
 * a page without the shell. The language's messages are loaded before the entry draws anything.
 */
const ShellSkeleton = ({ store }: { store: Store }) => {
  const route = shellFrameRoute(window.location.pathname);
  if (!route) return null;
  const locale = currentLocale(store);
  const messages = loadedMessages(locale) ?? loadedMessages('en');
  if (!messages) return null;
  const i18n = staticI18nProvider(messages, locale);
  const subtitle = route.subtitle ? i18n.translate(route.subtitle, { _: '' }) : '';
  // The public pages' colours and type (public.css); the banner says so when the server cannot be reached (a
  // chunk that cannot be fetched is tried again meanwhile).
  return (
    <div className="pub-root shell-skeleton" data-theme={themeMode(store)} aria-busy="true">
      <header className="shell-skeleton-header">
        <span className="shell-skeleton-menu">
          <PublicIcon name="menu" />
        </span>
        <div className="shell-skeleton-titles">
          <h1>{i18n.translate(route.title)}</h1>
          {subtitle && <p>{subtitle}</p>}
        </div>
      </header>
      <I18nContext.Provider value={i18n}>
        <PublicConnectionBanner />
      </I18nContext.Provider>
    </div>
  );
};

let waiting = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Keeps the console's frame on screen while mounted; draws nothing itself. A fallback of what waits on the console. */
export const AwaitingConsole = () => {
  useLayoutEffect(() => {
    waiting += 1;
    notify();
    return () => {
      waiting -= 1;
      notify();
    };
  }, []);
  return null;
};

/**
 * The console's frame while an <AwaitingConsole /> is mounted, in front of `children`. Fallbacks that follow one
 * another in one commit leave it in place; it goes in the commit that draws the console (or anything else).
 */
export const ShellSkeletonHost = ({ store, children }: { store: Store; children: ReactNode }) => {
  const shown = useSyncExternalStore(subscribe, () => waiting > 0);
  return (
    <>
      {shown && <ShellSkeleton store={store} />}
      {children}
    </>
  );
};
