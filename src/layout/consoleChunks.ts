// The console's code is evaluated in two tasks (issue 14). The browser evaluates a dynamically imported module
// with all it imports in one task: the console's chunk with react-admin's, MUI's and the shell's modules was one
// task of ~40 ms at a warm start under Lighthouse's trace (×4 on its simulated phone, the largest piece of the
// blocking time left). So the shell (layout/Layout, with most of the libraries) is imported first, and the
// console (App, which imports the shell) in the next task, with only what is left to evaluate.
//
// Both downloads start at once: the console's chunk is fetched beside the shell's by a modulepreload link, whose
// address the build writes in place of CONSOLE_CHUNK (scripts/consoleChunk.ts), and so are the chunks of a first
// list page (PAGE_CHUNKS); the dev server serves modules one by one, so nothing is preloaded there.

import { CONSOLE_HOME } from '../routes';

/** The console chunk's address, written by the build in place of this placeholder. */
export const CONSOLE_CHUNK = '__CONSOLE_CHUNK__';

/**
 * The modules a first signed-in list page draws, by route: the same ones `preloadPage` (layout/preloadPage.ts)
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

/** `first`, then `second` in a later task: two module evaluations instead of one. */
export async function inTwoTasks<T>(first: () => Promise<unknown>, second: () => Promise<T>): Promise<T> {
  await first();
  await nextTask();
  return second();
}

/** Fetches a module (not evaluating it) unless already asked for. */
export function preloadModule(href: string): void {
  if (document.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}
