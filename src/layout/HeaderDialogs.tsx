import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { lazyPage } from '../boot/lazyPage';
import { useOpenedOnce } from '../ui/useOpenedOnce';
import { settingsKeptOpen } from './settingsKeptOpen';

// Chunks of their own, fetched at the first opening (issue 14): the account dialog's forms and the settings
// popover's controls are not in the download the first page waits for.
const AccountDialog = lazyPage(() => import('./AccountDialog').then((m) => m.AccountDialog), null);
const SettingsPopover = lazyPage(() => import('./SettingsPopover').then((m) => m.SettingsPopover), null);

interface HeaderDialogs {
  openSettings: (anchor?: HTMLElement | null) => void;
  openAccount: () => void;
  /** The header's settings button, where the popover opens when asked from the user menu. */
  settingsAnchorRef: React.RefObject<HTMLButtonElement | null>;
}

const Context = createContext<HeaderDialogs | null>(null);

export function useHeaderDialogs(): HeaderDialogs {
  const value = useContext(Context);
  if (!value) throw new Error('useHeaderDialogs needs <HeaderDialogsProvider>');
  return value;
}

/** The settings popover and the account dialog, opened from the header button or the user menu. */
export const HeaderDialogsProvider = ({ children }: { children: ReactNode }) => {
  const settingsAnchorRef = useRef<HTMLButtonElement | null>(null);
  const [settingsAnchor, setSettingsAnchor] = useState<HTMLElement | null>(null);
  const [accountOpen, setAccountOpen] = useState(false);
  const settingsMounted = useOpenedOnce(settingsAnchor !== null);
  const accountMounted = useOpenedOnce(accountOpen);
  useEffect(() => {
    if (settingsKeptOpen()) setSettingsAnchor(settingsAnchorRef.current);
  }, []);
  const value = useMemo<HeaderDialogs>(
    () => ({
      openSettings: (anchor) => setSettingsAnchor(anchor ?? settingsAnchorRef.current),
      openAccount: () => setAccountOpen(true),
      settingsAnchorRef,
    }),
    [],
  );
  return (
    <Context.Provider value={value}>
      {children}
      {settingsMounted && (
        <SettingsPopover anchorEl={settingsAnchor} onClose={() => setSettingsAnchor(null)} />
      )}
      {accountMounted && <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />}
    </Context.Provider>
  );
};
