// The first signed-in page's code is fetched while the shell mounts (issue 14): without this the browser learns
// of the page's chunk only once the shell has rendered and its lazy route suspends.
// The imports are the same modules the routes load lazily, so nothing is fetched twice.

const PAGES: Record<string, () => Promise<unknown>[]> = {
  '/releases': () => [
    import('../resources/releases/ReleaseList'),
    import('../resources/releases/ReleaseTopPanel'),
  ],
  '/firmwares': () => [import('../resources/sets/SetList'), import('../resources/sets/SetsTopPanel')],
};

/** Starts fetching the code of the list page at `pathname` (nothing for other pages); never rejects. */
export function preloadPage(pathname: string): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  // The console's home is /releases.
  const load = PAGES[path === '/' ? '/releases' : path];
  if (!load) return;
  for (const loading of load()) loading.catch(() => undefined);
}
