// The UI language (a module of its own, so the public pages can use it without the settings' other hooks).

import { useI18nProvider, useStoreContext } from 'react-admin';
import type { Language } from '../../contract/constants';
import { readToken } from '../authProvider/session';
import { useHttpClient } from '../dataProvider/ApiContext';
import { callOf } from '../dataProvider/paths';
import { useShowError } from '../dataProvider/showError';
import { STORE_KEYS } from '../layout/store';
import { useStoreValue } from './useStoreValue';

/** The UI language; when signed in, the account's language follows (PATCH /client/account/info). */
export function useLanguage(): [Language, (language: Language) => void] {
  // As react-admin's useLocaleState: the stored locale, else the i18nProvider's.
  const store = useStoreContext();
  const i18nProvider = useI18nProvider();
  const locale = useStoreValue<string>(STORE_KEYS.locale) ?? i18nProvider.getLocale();
  const setLocale = (language: Language) => store.setItem(STORE_KEYS.locale, language);
  const httpClient = useHttpClient();
  const showError = useShowError();
  const change = (language: Language) => {
    if (language === locale) return;
    setLocale(language);
    document.documentElement.lang = language;
    if (readToken()) {
      const { path, request } = callOf('updateAccountInfo');
      httpClient(path, { ...request, body: { language } }).catch(showError);
    }
  };
  return [locale as Language, change];
}
