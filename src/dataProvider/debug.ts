// The debug flag (spec §1): persisted in localStorage under DEBUG_KEY and off by default. Switch it from the
// browser console with `window.enableDebug()` and `window.disableDebug()`; while on, `debugLog` writes to the
// console (requests, polling, live updates).
import { DEBUG_DEFAULT } from '../../contract/constants';

export const DEBUG_KEY = 'fc.debug';

declare global {
  interface Window {
    /** Turns the persisted debug flag on (console logging of requests and polling). */
    enableDebug: () => void;
    /** Turns the persisted debug flag off. */
    disableDebug: () => void;
  }
}

export function isDebug(storage: Storage = localStorage): boolean {
  const stored = storage.getItem(DEBUG_KEY);
  return stored === null ? DEBUG_DEFAULT : stored === 'true';
}

export function setDebug(on: boolean, storage: Storage = localStorage): void {
  storage.setItem(DEBUG_KEY, String(on));
}

export function debugLog(...args: unknown[]): void {
  if (isDebug()) console.debug('[debug]', ...args);
}

export function installDebugSwitches(win: Window = window): void {
  win.enableDebug = () => {
    setDebug(true);
    console.info('Debug mode on');
  };
  win.disableDebug = () => {
    setDebug(false);
    console.info('Debug mode off');
  };
}
