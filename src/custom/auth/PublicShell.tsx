// The frame of the public pages (sign-in, password reset, e-mail confirmation, shared links): react-admin's
// theme, store, translation, notification and auth contexts filled in by hand, so the pages keep react-admin's
// hooks (useTranslate, useNotify, useAuthProvider, the store) without the admin bundle being downloaded.
import { CssBaseline, useMediaQuery } from '@mui/material';
import { createTheme } from '@mui/material/styles';
// MUI's own ThemeProvider without CSS variables (what @mui/material's ThemeProvider renders for a theme made by
// createTheme), leaving the CSS-variables machinery out of the first download.
import { ThemeProvider } from '@mui/system';
import type { TranslationMessages } from 'ra-core';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import {
  AddNotificationContext,
  AuthContext,
  I18nContext,
  type NotificationPayload,
  type Store,
  StoreContext,
} from 'react-admin';
import type { Language } from '../../../contract/constants';
import type { AppAuthProvider } from '../../authProvider';
import { detectLocale } from '../../i18n/detectLocale';
import { loadedMessages, loadMessages } from '../../i18n/messages';
import { staticI18nProvider } from '../../i18n/translate';
import { useStoreValue } from '../../i18n/useStoreValue';
import { retryingImport } from '../../layout/retryingImport';
import { STORE_KEYS } from '../../layout/store';
import { darkTheme, lightTheme } from '../../theme/theme';
import { PublicConnectionBanner } from './PublicConnectionBanner';

/** The saved language (or the browser's), its messages loaded on demand; the page re-renders on a change. */
const PublicI18n = ({ children }: { children: ReactNode }) => {
  const stored = useStoreValue<string>(STORE_KEYS.locale);
  const locale = detectLocale(stored, navigator.language);
  const [messages, setMessages] = useState<{ locale: Language; messages: TranslationMessages }>(() => ({
    locale: loadedMessages(locale) ? locale : 'en',
    messages: loadedMessages(locale) ?? (loadedMessages('en') as TranslationMessages),
  }));

  useEffect(() => {
    let current = true;
    loadMessages(locale).then((loaded) => {
      if (current) setMessages({ locale, messages: loaded });
    });
    return () => {
      current = false;
    };
  }, [locale]);

  const provider = useMemo(() => staticI18nProvider(messages.messages, messages.locale), [messages]);
  return <I18nContext.Provider value={provider}>{children}</I18nContext.Provider>;
};

const PublicNotice = lazy(() =>
  retryingImport(() => import('./PublicNotice')).then((m) => ({ default: m.PublicNotice })),
);

/** react-admin's notices, one at a time, in a snackbar at the bottom of the page. */
const PublicNotifications = ({ children }: { children: ReactNode }) => {
  const [queue, setQueue] = useState<{ id: number; notification: NotificationPayload }[]>([]);
  const add = useCallback((notification: NotificationPayload) => {
    setQueue((q) => [...q, { id: (q.at(-1)?.id ?? 0) + 1, notification }]);
  }, []);
  const current = queue[0];
  // Fetched once the page is drawn, not with the first notice: that may come while the server is away
  // ("Could not reach the server…"), when no code can be fetched.
  useEffect(() => {
    import('./PublicNotice').catch(() => undefined);
  }, []);
  return (
    <AddNotificationContext.Provider value={add}>
      {children}
      {current && (
        <Suspense>
          <PublicNotice
            key={current.id}
            notification={current.notification}
            onDone={() => setQueue((q) => q.slice(1))}
          />
        </Suspense>
      )}
    </AddNotificationContext.Provider>
  );
};

/** The saved theme (light, dark; nothing: the system's), as react-admin's ThemeProvider picks it. */
const PublicTheme = ({ children }: { children: ReactNode }) => {
  const stored = useStoreValue<'light' | 'dark'>(STORE_KEYS.theme);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = stored ?? (prefersDark ? 'dark' : 'light');
  const theme = useMemo(() => createTheme(mode === 'dark' ? darkTheme : lightTheme), [mode]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
};

export const PublicShell = ({
  store,
  authProvider,
  children,
}: {
  store: Store;
  authProvider: AppAuthProvider;
  children: ReactNode;
}) => (
  <StoreContext.Provider value={store}>
    <PublicTheme>
      <CssBaseline />
      <AuthContext.Provider value={authProvider}>
        <PublicI18n>
          <PublicNotifications>
            <PublicConnectionBanner />
            {children}
          </PublicNotifications>
        </PublicI18n>
      </AuthContext.Provider>
    </PublicTheme>
  </StoreContext.Provider>
);
