// The interface preferences of the settings popover, all in react-admin's store (localStorage).
import { useLocaleState, usePermissions, useStore } from 'react-admin';
import { useHttpClient } from '../../api/ApiContext';
import { ACCOUNT_PATH } from '../../authProvider/account';
import { canAccess } from '../../authProvider/canAccess';
import { readToken } from '../../authProvider/session';
import { useShowError } from '../../errors/showError';
import { type Language, UI_SCALES } from '../../lib/constants';
import { STORE_KEYS } from '../../lib/store';

export type ThemeMode = 'light' | 'dark' | 'auto';

/** light, dark, or auto (nothing stored: react-admin follows prefers-color-scheme). */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const [stored, setStored] = useStore<'light' | 'dark' | undefined>(STORE_KEYS.theme);
  return [stored ?? 'auto', (mode) => setStored(mode === 'auto' ? undefined : mode)];
}

export function useScale(): [number, (scale: number) => void] {
  return useStore<number>(STORE_KEYS.scale, UI_SCALES.default);
}

/** Admins only: show removed items. */
export function useShowRemoved(): [boolean, (on: boolean) => void] {
  const { permissions } = usePermissions();
  const [on, setOn] = useStore<boolean>(STORE_KEYS.showRemoved, false);
  return [canAccess(permissions, 'show_removed', 'settings') && on, setOn];
}

/** The UI language; when signed in, the account's language follows (PATCH /client/account/info). */
export function useLanguage(): [Language, (language: Language) => void] {
  const [locale, setLocale] = useLocaleState();
  const httpClient = useHttpClient();
  const showError = useShowError();
  const change = (language: Language) => {
    if (language === locale) return;
    setLocale(language);
    document.documentElement.lang = language;
    if (readToken()) {
      httpClient(ACCOUNT_PATH, { method: 'PATCH', body: { language } }).catch(showError);
    }
  };
  return [locale as Language, change];
}
