// The page icon (spec §2 Shell): the default favicon, or a numbered icon 1–10 while builds are in progress.
import { PAGE_ICON_MAX } from '../../contract/constants';

/** The number drawn on the icon: 0 means the default icon; anything above 10 shows 10. */
export function pageIconNumber(inProgress: number): number {
  if (!Number.isFinite(inProgress) || inProgress <= 0) return 0;
  return Math.min(Math.floor(inProgress), PAGE_ICON_MAX);
}

/** A numbered icon as an SVG data URL, drawn in code so there is no image file per number. */
export function numberedIcon(n: number): string {
  const label = String(Math.min(Math.max(Math.floor(n), 1), PAGE_ICON_MAX));
  const fontSize = label.length > 1 ? 34 : 42;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="#1e6fd9"/>` +
    `<circle cx="52" cy="12" r="9" fill="#f59e0b"/>` +
    `<text x="32" y="46" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" ` +
    `font-size="${fontSize}" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The href the page icon should have for this in-progress count. */
export function pageIconHref(inProgress: number, defaultHref: string): string {
  const n = pageIconNumber(inProgress);
  return n === 0 ? defaultHref : numberedIcon(n);
}

const iconLink = (doc: Document) => doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
let defaultHref: string | undefined;

/** Shows the icon for this in-progress count (the default icon at 0). */
export function setPageIcon(inProgress: number, doc: Document = document): void {
  const link = iconLink(doc);
  if (!link) return;
  defaultHref ??= link.getAttribute('href') ?? '';
  const href = pageIconHref(inProgress, defaultHref);
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** Puts the default icon back. */
export function resetPageIcon(doc: Document = document): void {
  setPageIcon(0, doc);
}
