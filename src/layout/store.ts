// react-admin's store, kept in localStorage under the prefix RaStoreFirmwareConsole. Preferences (theme,
// language, scale, show removed, sidebar) and forms' drafts survive logout: react-admin resets its store at
// logout, so the reset here keeps them.
import { localStorageStore, type Store } from 'react-admin';
import { BREAKPOINTS, type Language, UI_SCALE_STEPS, UI_SCALES } from '../../contract/constants';
import { detectLocale } from '../i18n/detectLocale';

/** Store keys of ours; `theme` (absent = auto) and `locale` are react-admin's own. */
export const STORE_KEYS = {
  theme: 'theme',
  locale: 'locale',
  scale: 'app.scale',
  showRemoved: 'app.showRemoved',
  sidebar: 'sidebar.open',
} as const;

const PRESERVED = new Set<string>(Object.values(STORE_KEYS));

/**
 * The keys of forms' drafts (issue 37, item 2.7: the build form's, resources/sets/buildForm/buildDraft.ts). They
 * name their account, which alone reads them back, and outlive a session that expired, so that signing in
 * again finds the work where it was.
 */
export const DRAFTS_PREFIX = 'app.drafts.';

const isKept = (key: string) => PRESERVED.has(key) || key.startsWith(DRAFTS_PREFIX);

/**
 * react-admin's store in localStorage. A visitor who has not chosen a language reads the one the console shows
 * (the browser's, spec §1), not nothing: react-admin's language context draws nothing in its first render while
 * the stored locale differs from its i18nProvider's, and the console's first render, a transition sliced by React
 * (App), then stopped there and the whole shell was drawn by the render after it, in one task (issue 14).
 */
export function createStore(): Store {
  const store = localStorageStore('1', 'FirmwareConsole');
  return {
    ...store,
    getItem<T = unknown>(key: string, defaultValue?: T): T | undefined {
      const value = store.getItem<T>(key, defaultValue);
      if (key !== STORE_KEYS.locale || value !== undefined) return value;
      return detectLocale(undefined, navigator.language) as T;
    },
    reset() {
      for (const key of Object.keys(store.listItems?.() ?? {})) {
        if (!isKept(key)) store.removeItem(key);
      }
    },
  };
}

/**
 * Below lg (spec §9) the menu starts folded. The layout folds it too when the window narrows, but only after its
 * first paint (react-admin's store reaches its hooks in an effect): signing in at 768 px drew the menu open over
 * the page for a few frames and then folded it away.
 */
export function foldMenuWhenNarrow(store: Store, width: number = window.innerWidth): void {
  if (width < BREAKPOINTS.lg) store.setItem(STORE_KEYS.sidebar, false);
}

/** The interface language: the one saved in `store`, else the browser's (spec §1). */
export const currentLocale = (store: Store): Language =>
  detectLocale(store.getItem(STORE_KEYS.locale), navigator.language);

/** The next scale step up (+1) or down (-1), staying within small … large. */
export function stepScale(current: number, direction: 1 | -1): number {
  const steps = [...UI_SCALE_STEPS];
  const index = steps.findIndex((s) => Math.abs(s - current) < 0.001);
  const from = index === -1 ? steps.indexOf(UI_SCALES.default) : index;
  return steps[Math.min(Math.max(from + direction, 0), steps.length - 1)];
}
