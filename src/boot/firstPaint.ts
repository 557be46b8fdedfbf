// When the browser has shown a page's first content (issue 14): the signed-in console's chunks are fetched only
// then, so that neither their download nor their compiling competes with the first paint of its frame.

/** At the latest this long after asking, in case no paint is reported (a hidden tab, nothing drawn). */
export const FIRST_PAINT_WAIT_MS = 200;

/** Resolves once the first contentful paint has been presented, or after `waitMs`. */
export function afterFirstPaint(waitMs = FIRST_PAINT_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, waitMs);
    let observer: PerformanceObserver | undefined;
    function done() {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    }
    if (typeof PerformanceObserver === 'undefined') return;
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
