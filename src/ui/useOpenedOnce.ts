import { useState } from 'react';

/**
 * Whether `open` has been true at least once: a dialog whose code is fetched at its first opening (issue 14) is
 * mounted from then on, so that it closes with its transition and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
