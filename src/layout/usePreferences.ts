// The interface preferences of the settings popover, all in react-admin's store (localStorage).
import { type Store, usePermissions, useStore } from 'react-admin';
import { canAccess } from '../../contract/can-access';
import { UI_SCALES } from '../../contract/constants';
import { STORE_KEYS } from './store';

export type ThemeMode = 'light' | 'dark' | 'auto';

/** light, dark, or auto (nothing stored: react-admin follows prefers-color-scheme). */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const [stored, setStored] = useStore<'light' | 'dark' | undefined>(STORE_KEYS.theme);
  return [stored ?? 'auto', (mode) => setStored(mode === 'auto' ? undefined : mode)];
}

export function useScale(): [number, (scale: number) => void] {
  return useStore<number>(STORE_KEYS.scale, UI_SCALES.default);
}

const showsRemoved = (role: unknown, on: boolean | undefined) =>
  canAccess(role as string | undefined, 'show_removed', 'settings') && Boolean(on);

/** Admins only: show removed items. */
export function useShowRemoved(): [boolean, (on: boolean) => void] {
  const { permissions } = usePermissions();
  const [on, setOn] = useStore<boolean>(STORE_KEYS.showRemoved, false);
  return [showsRemoved(permissions, on), setOn];
}

/** useShowRemoved's answer outside React, for the role given. */
export const storedShowRemoved = (store: Store, role: string | undefined): boolean =>
  showsRemoved(role, store.getItem<boolean>(STORE_KEYS.showRemoved));

/** The UI language; when signed in, the account's language follows. */
export { useLanguage } from '../i18n/useLanguage';
