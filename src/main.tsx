import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createProviders } from './App';
import { detectLocale } from './i18n/detectLocale';
import { createI18nProvider, loadMessages } from './i18n/i18nProvider';
import { installDebugSwitches } from './lib/debug';
import { createStore, STORE_KEYS } from './lib/store';
import { applyScale } from './theme/theme';

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
  const i18nProvider = createI18nProvider(locale);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App {...createProviders()} i18nProvider={i18nProvider} store={store} />
    </StrictMode>,
  );
}

void start();
