// One value of react-admin's store, followed as it changes: react-admin's useStore without its deep comparison
// (lodash isEqual), for the plain values (locale, theme) the public pages read.
import { useCallback, useSyncExternalStore } from 'react';
import { useStoreContext } from 'react-admin';

export function useStoreValue<T extends string | number | boolean>(key: string): T | undefined {
  const store = useStoreContext();
  const subscribe = useCallback((onChange: () => void) => store.subscribe(key, onChange), [store, key]);
  return useSyncExternalStore(subscribe, () => store.getItem<T>(key));
}
