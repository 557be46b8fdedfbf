// "The first page is drawn" (issue 14): the start-up work that can wait (the task counters, the miner models, the
// live socket) starts after it. Before, it started when the browser was first idle, which on a fresh load is while
// the page's code and reads are on their way: its requests and the shell's re-renders then came before the page's
// largest paint and delayed it.

import { useDeferredValue, useEffect } from 'react';

/** At the latest this long after the console starts watching, the first page counts as drawn. */
export const FIRST_PAGE_TIMEOUT_MS = 5_000;
/**
 * Performance marks (the User Timing API) of the first page's watch: when it started, and whether the page was
 * drawn or the timeout ended the wait. Developer tools show them; the e2e test of issue 14 reads them, so that
 * what it asserts holds however slow the machine (issue 40).
 */
export const FIRST_PAGE_MARKS = {
  watching: 'console:first-page-watching',
  drawn: 'console:first-page-drawn',
  timedOut: 'console:first-page-timed-out',
} as const;

const markTiming = (name: string): void => {
  if (typeof performance.mark === 'function') performance.mark(name);
};

/** Frames in a row with nothing outstanding before the page counts as drawn (the last answer's render). */
const QUIET_FRAMES = 2;

let busy: (() => boolean) | undefined;
let drawn: Promise<void> | undefined;
let waitingPages = 0;
let drawnYet = false;
let shellUp = false;

/**
 * Starts watching for the first page to be drawn: once the shell is drawn, `readsInFlight` says none and no page
 * waits for its code, for QUIET_FRAMES frames in a row. The console calls it as it mounts; until then, and outside
 * the console (tests of one component), nothing is waited for.
 */
export function watchFirstPage(readsInFlight: () => boolean): void {
  if (busy) return;
  busy = () => !shellUp || readsInFlight() || waitingPages > 0;
  void firstPageDrawn();
}

/**
 * The shell has been drawn with its page's slot (Layout's SlotDrawn: at start the header comes first and the rest
 * follows in a transition, the page's first render with it). Before, nothing could wait for it: on a warm start
 * the reads were in and no page had mounted yet, so the page counted as drawn while the shell was still
 * rendering, and the page then mounted in one piece with react-admin's routes update (issue 14).
 */
export function shellDrawn(): void {
  shellUp = true;
}

/** The console has started watching for its first page, and that page is not drawn yet. */
export const consoleStarting = (): boolean => busy !== undefined && !drawnYet;

/** A page waiting for its code (lazyPage's fallback, while mounted): returns the function that ends the wait. */
export function pageWaiting(): () => void {
  waitingPages += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    waitingPages -= 1;
  };
}

const nextFrame = (callback: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(callback, 0));
  else setTimeout(callback, 16);
};

/**
 * React's useDeferredValue for the data a page draws, the first page not counting as drawn while the render of
 * the latest value is still to come: with the page's reads in and its code there, its rows are drawn by that
 * background render, over several frames on a busy CPU, and the start-up work that waits for the first page (the
 * miner models, the task counters, the live socket) must not go out in between (issue 14, session 21).
 */
export function useDeferredPageValue<T>(value: T): T {
  const shown = useDeferredValue(value);
  const pending = !Object.is(shown, value);
  useEffect(() => (pending ? pageWaiting() : undefined), [pending]);
  return shown;
}

/** Resolves once the first page is drawn (at once if nothing is watched). */
export function firstPageDrawn(): Promise<void> {
  const isBusy = busy;
  if (!isBusy) return Promise.resolve();
  drawn ??= new Promise<void>((resolve) => {
    let done = false;
    markTiming(FIRST_PAGE_MARKS.watching);
    const finish = (mark: string) => {
      done = true;
      drawnYet = true;
      clearTimeout(deadline);
      markTiming(mark);
      resolve();
    };
    const deadline = setTimeout(() => finish(FIRST_PAGE_MARKS.timedOut), FIRST_PAGE_TIMEOUT_MS);
    let quiet = 0;
    const check = () => {
      if (done) return;
      quiet = isBusy() ? 0 : quiet + 1;
      if (quiet < QUIET_FRAMES) nextFrame(check);
      else finish(FIRST_PAGE_MARKS.drawn);
    };
    nextFrame(check);
  });
  return drawn;
}

/** Tests: forget the watch, as on a fresh load. */
export function resetFirstPageWatch(): void {
  busy = undefined;
  drawn = undefined;
  waitingPages = 0;
  drawnYet = false;
  shellUp = false;
}
