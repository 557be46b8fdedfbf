// The signed-in console's code is evaluated in stages, each in a task of its own (issue 14). The browser evaluates
// a dynamically imported module with all it imports in one task, and on Lighthouse's simulated phone (4× slower)
// every task over 12.5 ms of this machine's time counts towards the blocking time. So the entry imports, one after
// the other: react-router (startStages/reactRouter.ts), MUI's styling core (startStages/muiStyles.ts), the routed
// pages (RoutedPages.tsx), the shell (layout/Layout, with most of react-admin's modules) and the console (App),
// each evaluating only what the ones before left. Measured by CPU time on a new tab's signed-in /releases: the
// routed pages' chunk was one task of ~63 ms (react-router and MUI's core with it), now three of ~24 ms at
// most (measured 2026-11-26).
//
// The downloads start at once all the same: the routed pages' chunks are fetched by modulepreload links whose
// addresses the build writes in place of ROUTED_CHUNKS, the console's (with the shell's, which it imports) in place
// of CONSOLE_CHUNK, and so are the chunks of a first list page (PAGE_CHUNKS; scripts/consoleChunk.ts). The dev
// server serves modules one by one, so nothing is preloaded there.

import { CONSOLE_HOME } from '../routes';

/** The console chunk's address, written by the build in place of this placeholder. */
export const CONSOLE_CHUNK = '__CONSOLE_CHUNK__';

/** The modules of the routed pages' stages, in the order the entry evaluates them. */
export const ROUTED_MODULES: readonly string[] = [
  'src/boot/startStages/reactRouter.ts',
  'src/boot/startStages/muiStyles.ts',
  'src/RoutedPages.tsx',
];

/** The addresses of ROUTED_MODULES' chunks and what they import (JSON), written by the build. */
export const ROUTED_CHUNKS = '__ROUTED_CHUNKS__';

/** The routed pages' chunk addresses from a build's ROUTED_CHUNKS. */
export const routedChunks = (written: string = ROUTED_CHUNKS): string[] => JSON.parse(written) as string[];

/**
 * The modules a first signed-in list page draws, by route: the same ones `preloadPage` (boot/preloadPage.ts)
 * imports once the console runs. Their chunks are fetched beside the console's, not a round trip after its
 * evaluation (the console's and the page's code are then evaluated as before, each in its own task).
 */
export const FIRST_PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/releases': ['src/resources/releases/ReleaseList.tsx', 'src/resources/releases/ReleaseTopPanel.tsx'],
  '/firmwares': ['src/resources/sets/SetList.tsx', 'src/resources/sets/SetsTopPanel.tsx'],
};

/** The route of FIRST_PAGE_MODULES a path shows (`/` shows the console's home). */
export const firstPageRoute = (pathname: string): string => {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/' ? CONSOLE_HOME : path;
};

/** The addresses of those modules' chunks, by route (JSON), written by the build in place of this placeholder. */
export const PAGE_CHUNKS = '__PAGE_CHUNKS__';

/** The chunk addresses of the first page at `pathname`, from a build's PAGE_CHUNKS; none for other pages. */
export function pageChunks(pathname: string, written: string = PAGE_CHUNKS): string[] {
  const byRoute = JSON.parse(written) as Record<string, string[]>;
  return byRoute[firstPageRoute(pathname)] ?? [];
}

/**
 * Resolves in a task of its own: what follows it runs after the browser's other work has had a turn. A message
 * to itself, as React's scheduler does, rather than a timer: no 4 ms clamp, and no timer in Lighthouse's trace
 * tying the console's start to the task that set it.
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });

/** Each of `first` in turn, each in a later task than the one before, then `last`: evaluations apart. */
export async function inTasks<T>(
  first: readonly (() => Promise<unknown>)[],
  last: () => Promise<T>,
): Promise<T> {
  for (const load of first) {
    await load();
    await nextTask();
  }
  return last();
}

/** `load`, started once and shared while it runs or once it has succeeded; started again after it failed. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** Fetches a module (not evaluating it) unless already asked for. */
export function preloadModule(href: string): void {
  if (document.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}
