// Moving between pages without react-router, for the code of the sign-in page: it is part of the first download,
// which leaves react-router (and the rest of the console) out. The browser's history is changed and a
// `popstate` is announced, which react-router's BrowserRouter follows as it follows the back button, and which
// the entry (src/main.tsx) follows to load the routed pages when the sign-in page is left.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** Goes to `to` (a path of this site) as a link of the page would. */
export function goTo(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
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
