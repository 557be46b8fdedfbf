import { SHOWN_ONCE } from '../../../contract/schemas/shown-once';

type Schema = { properties?: Record<string, Schema>; anyOf?: Schema[]; [keyword: string]: unknown };

const known = new WeakMap<object, string[]>();

/**
 * The top-level fields that a route's answer of `status` marks shown-once in its response schema (an agent's
 * token, an access token): the secrets the idempotency store must not keep. Read from the schema, so a route
 * that answers a marked schema is covered without naming its fields again. Remembered per schema.
 */
export function shownOnceFields(responses: unknown, status: number): string[] {
  if (!responses || typeof responses !== 'object') return [];
  const byStatus = responses as Record<string, Schema | undefined>;
  const schema = byStatus[status] ?? byStatus[`${Math.floor(status / 100)}xx`] ?? byStatus.default;
  if (!schema) return [];
  let fields = known.get(schema);
  if (!fields) {
    const branches = [schema, ...(schema.anyOf ?? [])];
    fields = [
      ...new Set(
        branches.flatMap((branch) =>
          Object.entries(branch.properties ?? {})
            .filter(([, property]) => property[SHOWN_ONCE] === true)
            .map(([name]) => name),
        ),
      ),
    ];
    known.set(schema, fields);
  }
  return fields;
}

/**
 * The answer's JSON without those fields. An answer that is not a JSON object while fields are marked is
 * kept as nothing rather than risk keeping a secret.
 */
export function withoutShownOnce(payload: string, fields: readonly string[]): string {
  if (fields.length === 0) return payload;
  try {
    const answer: unknown = JSON.parse(payload);
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return '';
    return JSON.stringify(
      Object.fromEntries(Object.entries(answer).filter(([key]) => !fields.includes(key))),
    );
  } catch {
    return '';
  }
}
