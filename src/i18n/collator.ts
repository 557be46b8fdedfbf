/**
 * `compare` of an `Intl.Collator` made on the first comparison, not when the module is evaluated: making one loads
 * ICU's collation data, 12 ms of the console chunk's evaluation under Lighthouse's trace (2026-11-26), in the
 * task that starts the console (issue 14). One collator for every comparison after that, as MDN advises for
 * sorting many strings.
 */
export function lazyCollator(
  locales?: string,
  options?: Intl.CollatorOptions,
): (a: string, b: string) => number {
  let collator: Intl.Collator | undefined;
  return (a, b) => {
    collator ??= new Intl.Collator(locales, options);
    return collator.compare(a, b);
  };
}

/**
 * Loads ICU's collation data now: the first collator or `localeCompare` of a page loads it (~12–20 ms of this
 * machine's CPU). At start it came with the first list sorted in the browser (the miner models, once the page is
 * drawn), one task of ~35 ms with that list's render, ~140 ms under Lighthouse's 4× slowdown (issue 14,
 * measured 2026-11-27). Called when the browser is idle, it is a task of its own, and every collator after it
 * costs a tenth of a millisecond.
 */
export function loadCollation(): void {
  new Intl.Collator().compare('a', 'b');
}
