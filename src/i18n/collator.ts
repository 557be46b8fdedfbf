/**
 * `compare` of an `Intl.Collator` made on the first comparison, not when the module is evaluated: making one loads
 * ICU's collation data, 12 ms of the console chunk's evaluation under Lighthouse's trace, in the task that starts
 * the console (issue 14). One collator for every comparison after that, as MDN advises for sorting many strings.
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
