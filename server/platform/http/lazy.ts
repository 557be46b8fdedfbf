/**
 * A value made on first use and kept. The server has ~100 routes, each with request and response schemas:
 * compiling all of them when it starts cost ~300 ms of every start, while a route's first request pays
 * ~1–3 ms for its own (measured 2026-11-22). Every route is called by the test suite, so a schema that does
 * not compile still fails there.
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
