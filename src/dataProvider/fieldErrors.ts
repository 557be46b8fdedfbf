// 422 answers name the field in `loc` (["body", "email"]); forms show those messages under their inputs as well as
// in the shared error display.

/** The 422 messages of `fields`, keyed by field, or undefined when the error names none of them. */
export function fieldErrors(error: unknown, fields: readonly string[]): Record<string, string> | undefined {
  const e = error as { status?: number; body?: { detail?: unknown } } | null;
  if (e?.status !== 422 || !Array.isArray(e.body?.detail)) return undefined;
  const found: Record<string, string> = {};
  for (const entry of e.body.detail as { loc?: unknown[]; msg?: unknown }[]) {
    const field = Array.isArray(entry?.loc) ? entry.loc[entry.loc.length - 1] : undefined;
    if (typeof field === 'string' && fields.includes(field) && !found[field])
      found[field] = String(entry.msg);
  }
  return Object.keys(found).length ? found : undefined;
}
