// The before/after of an audit row as lines a reader compares: nested fields flattened to dotted paths
// (fees.x19.min_dev_fee), only what differs, in a stable order.

export interface ChangeLine {
  field: string;
  before: string | null;
  after: string | null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{a: {b: 1}}` → `{'a.b': 1}`; arrays and scalars are leaves. */
function flatten(value: unknown, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (!isPlainObject(value)) {
    if (prefix) into[prefix] = value;
    return into;
  }
  for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** A value as text: null for nothing, JSON for lists, the value itself otherwise. */
export function showValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  return String(value);
}

/** The fields that differ between the two sides, each with its value before and after. */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  const was = flatten(before);
  const now = flatten(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({ field, before: showValue(was[field]), after: showValue(now[field]) }));
}
