import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { AccountDialog } from './AccountDialog';
import { SettingsPopover } from './SettingsPopover';
import { settingsKeptOpen } from './settingsKeptOpen';

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
      <SettingsPopover anchorEl={settingsAnchor} onClose={() => setSettingsAnchor(null)} />
      <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
    </Context.Provider>
  );
};
