type Plain = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** Merges plain objects level by level; later layers win, anything that is not a plain object is replaced whole. */
export function deepMerge<T extends object>(...layers: object[]): T {
  const result: Plain = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      result[key] =
        isPlainObject(value) && isPlainObject(result[key]) ? deepMerge(result[key] as Plain, value) : value;
    }
  }
  return result as T;
}
