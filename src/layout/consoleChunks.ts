// The console's code is evaluated in two tasks (issue 14). The browser evaluates a dynamically imported module
// with all it imports in one task: the console's chunk with react-admin's, MUI's and the shell's modules was one
// task of ~40 ms at a warm start under Lighthouse's trace (×4 on its simulated phone, the largest piece of the
// blocking time left). So the shell (layout/Layout, with most of the libraries) is imported first, and the
// console (App, which imports the shell) in the next task, with only what is left to evaluate.
//
// Both downloads start at once: the console's chunk is fetched beside the shell's by a modulepreload link, whose
// address the build writes in place of CONSOLE_CHUNK (scripts/consoleChunk.ts); the dev server serves modules
// one by one, so nothing is preloaded there.

/** The console chunk's address, written by the build in place of this placeholder. */
export const CONSOLE_CHUNK = '__CONSOLE_CHUNK__';

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
