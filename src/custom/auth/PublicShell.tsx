// The frame of the public pages (sign-in, password reset, e-mail confirmation, shared links): react-admin's
// store, translation, notification and auth contexts filled in by hand, so the pages keep react-admin's hooks
// (useTranslate, useNotify, useAuthProvider, the store) without the admin bundle being downloaded; the theme's
// light or dark colours as public.css variables (pages drawn with MUI add PublicMuiTheme).
import type { TranslationMessages } from 'ra-core';
import { type ReactNode, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
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
import { STORE_KEYS } from '../../layout/store';
import './public.css';
import { PublicConnectionBanner } from './PublicConnectionBanner';
import { PublicNotice } from './PublicNotice';

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

/** react-admin's notices, one at a time, in a snackbar at the bottom of the page. */
const PublicNotifications = ({ children }: { children: ReactNode }) => {
  const [queue, setQueue] = useState<{ id: number; notification: NotificationPayload }[]>([]);
  const add = useCallback((notification: NotificationPayload) => {
    setQueue((q) => [...q, { id: (q.at(-1)?.id ?? 0) + 1, notification }]);
  }, []);
  const current = queue[0];
  const next = useCallback(() => setQueue((q) => q.slice(1)), []);
  return (
    <AddNotificationContext.Provider value={add}>
      {children}
      {current && <PublicNotice key={current.id} notification={current.notification} onDone={next} />}
    </AddNotificationContext.Provider>
  );
};

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const subscribeDark = (onChange: () => void) => {
  const query = darkQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** The saved theme (light, dark; nothing: the system's), as react-admin's ThemeProvider picks it. */
export function usePublicThemeMode(): 'light' | 'dark' {
  const stored = useStoreValue<'light' | 'dark'>(STORE_KEYS.theme);
  const prefersDark = useSyncExternalStore(subscribeDark, () => darkQuery().matches);
  return stored ?? (prefersDark ? 'dark' : 'light');
}

const PublicTheme = ({ children }: { children: ReactNode }) => (
  <div className="pub-root" data-theme={usePublicThemeMode()}>
    {children}
  </div>
);

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
