// Moving between pages without react-router, for the code of the sign-in page: it is part of the first download,
// which leaves react-router (and the rest of the console) out. The browser's history is changed and a
// `popstate` is announced, which react-router's BrowserRouter follows as it follows the back button, and which
// the entry (src/main.tsx) follows to load the routed pages when the sign-in page is left.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/**
 * Goes to `to` (a path of this site) as a link of the page would. The entry keeps the index react-router numbers
 * its entries with (`idx`): a page that guards against Back (layout/useNavigationBlocker.ts) reads it.
 */
export function goTo(to: string, options: { replace?: boolean } = {}): void {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  const at = typeof idx === 'number' ? idx : 0;
  if (options.replace) window.history.replaceState({ idx: at }, '', to);
  else window.history.pushState({ idx: at + 1 }, '', to);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/** A plain click: no modifier key and the main button, which a page handles itself; others open a new tab. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A link to a page of this site, followed without reloading the page. */
export const PageLink = ({
  to,
  onClick,
  ...props
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) => (
  <a
    href={to}
    onClick={(event) => {
      onClick?.(event);
      if (event.defaultPrevented || !isPlainClick(event)) return;
      event.preventDefault();
      goTo(to);
    }}
    {...props}
  />
);
