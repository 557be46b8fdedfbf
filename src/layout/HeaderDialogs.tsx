import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { lazyPage } from './lazyPage';
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
  // Mounted from the first opening on, so each closes with its transition.
  const [opened, setOpened] = useState({ settings: false, account: false });
  const value = useMemo<HeaderDialogs>(() => {
    const openSettings = (anchor?: HTMLElement | null) => {
      setOpened((was) => ({ ...was, settings: true }));
      setSettingsAnchor(anchor ?? settingsAnchorRef.current);
    };
    const openAccount = () => {
      setOpened((was) => ({ ...was, account: true }));
      setAccountOpen(true);
    };
    return { openSettings, openAccount, settingsAnchorRef };
  }, []);
  useEffect(() => {
    if (settingsKeptOpen()) value.openSettings();
  }, [value]);
  return (
    <Context.Provider value={value}>
      {children}
      {opened.settings && (
        <SettingsPopover anchorEl={settingsAnchor} onClose={() => setSettingsAnchor(null)} />
      )}
      {opened.account && <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />}
    </Context.Provider>
  );
};
