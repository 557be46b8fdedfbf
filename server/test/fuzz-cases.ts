import { createHash } from 'node:crypto';
// The fuzzer's cases: odd values for every field of a route's JSON schema, its query and its path, drawn from a
// seeded random source (server/security/fuzz-writes.test.ts sends them).
import type { JsonSchema, Operation } from './openapi-routes';

// Deterministic by default; FUZZ_SEED and FUZZ_CASES explore further by hand (e.g. FUZZ_CASES=1000: every case).
// `npm test` sends 12 cases per route (every fixed case of a route, and at least RANDOM_AT_LEAST of its field
// mutations): every route is covered, and the file takes a fraction of its time at 28, the count .ci/run's
// PostgreSQL pass keeps (issue 40). Each case costs a snapshot of every table.
export const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
export const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 12);
/** Field mutations per route beyond its fixed cases, however many those are. */
export const RANDOM_AT_LEAST = 4;

export const HUGE = 'x'.repeat(100_000);
export const ODD_STRINGS = [
  HUGE,
  'nul\u0000byte',
  '😀🎉 ñ 中文 \u202eevil',
  '',
  '   ',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\ud800',
];
export const ODD_NUMBERS = [-1, 0, 0.5, -0.000001, 1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 31) - 1, 1e-320];
export const WRONG_SHAPES: unknown[] = [null, true, {}, [], [{}], 'text', 12];

export interface FuzzCase {
  label: string;
  /** A JSON value to send, or raw text with its content type. */
  body?: unknown;
  raw?: { payload: string; contentType: string };
  query?: Record<string, unknown>;
  /** Path parameters to use instead of the real ones. */
  path?: Record<string, string>;
  /** Headers besides the caller's token and the content type. */
  headers?: Record<string, string>;
}

export const typeOf = (schema: JsonSchema) =>
  schema.enum ? 'enum' : Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? 'any');

/** Values of the wrong kind, or of the right kind at its edges, for one field. */
export function badValues(schema: JsonSchema): unknown[] {
  const type = typeOf(schema);
  const wrong = WRONG_SHAPES.filter((value) => {
    if (type === 'string' || type === 'enum') return typeof value !== 'string';
    if (type === 'integer' || type === 'number') return typeof value !== 'number';
    if (type === 'boolean') return typeof value !== 'boolean';
    if (type === 'array') return !Array.isArray(value);
    if (type === 'object') return typeof value !== 'object' || Array.isArray(value) || value === null;
    return true;
  });
  if (type === 'string' || type === 'enum') return [...wrong, ...ODD_STRINGS, 'not-in-enum'];
  if (type === 'integer' || type === 'number') return [...wrong, ...ODD_NUMBERS, '1'];
  if (type === 'boolean') return [...wrong, 'true', 1];
  if (type === 'array') return [...wrong, Array.from({ length: 1001 }, () => 1), [null], [HUGE]];
  return wrong;
}

/** Field mutations of `base` by `schema`, one level into objects and into the first item of arrays. */
export function fieldCases(schema: JsonSchema, base: Record<string, unknown>, prefix: string): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const properties = schema.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    for (const value of badValues(property)) {
      cases.push({ label: `${prefix}${name} = ${show(value)}`, body: { ...base, [name]: value } });
    }
    const items = property.items;
    const first = Array.isArray(base[name]) ? (base[name] as unknown[])[0] : undefined;
    if (items?.properties && first && typeof first === 'object') {
      for (const nested of fieldCases(items, first as Record<string, unknown>, `${prefix}${name}[0].`)) {
        const list = [...(base[name] as unknown[])];
        list[0] = nested.body;
        cases.push({ label: nested.label, body: { ...base, [name]: list } });
      }
    }
    if (property.properties && base[name] && typeof base[name] === 'object') {
      for (const nested of fieldCases(property, base[name] as Record<string, unknown>, `${prefix}${name}.`)) {
        cases.push({ label: nested.label, body: { ...base, [name]: nested.body } });
      }
    }
  }
  return cases;
}

export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 20)}…(${text.length} chars)` : text;
}

export function bodyCases(
  schema: JsonSchema,
  base: Record<string, unknown>,
): { fixed: FuzzCase[]; random: FuzzCase[] } {
  const fixed: FuzzCase[] = [
    { label: 'no body', raw: { payload: '', contentType: 'application/json' } },
    { label: 'malformed JSON', raw: { payload: '{"a":', contentType: 'application/json' } },
    { label: 'JSON null', raw: { payload: 'null', contentType: 'application/json' } },
    { label: 'text/plain', raw: { payload: 'hello', contentType: 'text/plain' } },
    { label: 'array instead of object', body: [base] },
    { label: 'a string body', body: 'text' },
    { label: 'empty object', body: {} },
    { label: 'an unknown field', body: { ...base, unknown_field: 1 } },
    {
      label: '__proto__ field',
      raw: { payload: `{"__proto__":{"is_admin":true}}`, contentType: 'application/json' },
    },
  ];
  for (const name of schema.required ?? []) {
    const { [name]: _missing, ...rest } = base;
    fixed.push({ label: `missing ${name}`, body: rest });
  }
  return { fixed, random: fieldCases(schema, base, '') };
}

/** Strings that are not the whole number a query or path parameter takes. */
const NOT_WHOLE_NUMBERS = ['abc', '-1', '0', '1.5', '2147483648', '99999999999999999999', '1e3'];

export function queryCases(op: Operation, base: Record<string, unknown>): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const param of op.queryParams) {
    if (param.required) {
      const { [param.name]: _missing, ...rest } = base;
      cases.push({ label: `query without ${param.name}`, query: rest });
    }
    const values = [...NOT_WHOLE_NUMBERS, '', HUGE, '😀', 'nul\u0000', ['1', '2']];
    for (const value of values) {
      cases.push({ label: `query ${param.name} = ${show(value)}`, query: { ...base, [param.name]: value } });
    }
  }
  return cases;
}

const ARTIFACT = 'artifact bytes';
const ARTIFACT_SHA256 = createHash('sha256').update(ARTIFACT).digest('hex');

/**
 * Cases of a route's own beyond what its schema suggests: each event type with the other's data (a progress
 * that is not a number once reached the database as a 500), and an artifact upload in every wrong media type.
 */
export function routeCases(op: Operation, base: Record<string, unknown>): FuzzCase[] {
  if (op.key === 'POST /api/agent/jobs/{id}/events') {
    const event = (type: unknown, data: unknown) => ({ ...base, events: [{ seq: 9, type, data }] });
    return [
      { label: 'progress "abc"', body: event('progress', 'abc') },
      { label: 'progress "50"', body: event('progress', '50') },
      { label: 'progress 101', body: event('progress', 101) },
      { label: 'progress -1', body: event('progress', -1) },
      { label: 'progress null', body: event('progress', null) },
      { label: 'log 42', body: event('log', 42) },
      { label: 'log {}', body: event('log', {}) },
      { label: 'an unknown event type', body: event('warning', 'text') },
    ];
  }
  if (op.key === 'PUT /api/agent/jobs/{id}/artifact') {
    const headers = { 'x-sha256': ARTIFACT_SHA256 };
    const as = (contentType: string, payload = ARTIFACT) => ({ raw: { payload, contentType }, headers });
    return [
      { label: 'artifact as JSON', ...as('application/json', '{"a":1}') },
      { label: 'artifact as broken JSON', ...as('application/json', '{"a":') },
      { label: 'artifact as text/plain', ...as('text/plain') },
      { label: 'artifact as multipart', ...as('multipart/form-data; boundary=x') },
      { label: 'artifact as form', ...as('application/x-www-form-urlencoded', 'a=1') },
      { label: 'artifact with no content type', headers },
      {
        label: 'artifact without x-sha256',
        raw: { payload: ARTIFACT, contentType: 'application/octet-stream' },
      },
      {
        label: 'artifact with a wrong x-sha256',
        raw: { payload: ARTIFACT, contentType: 'application/octet-stream' },
        headers: { 'x-sha256': '0'.repeat(64) },
      },
    ];
  }
  return [];
}

const ODD_PATH_VALUES = [...NOT_WHOLE_NUMBERS, '😀', 'nul\u0000', ' '];

export function pathCases(op: Operation): FuzzCase[] {
  return op.pathParams.flatMap((param) =>
    ODD_PATH_VALUES.map((value) => ({
      label: `path ${param.name} = ${show(value)}`,
      path: { [param.name]: value },
    })),
  );
}
