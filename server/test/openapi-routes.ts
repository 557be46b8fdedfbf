// Shared helpers of the security tests: the routes of the OpenAPI document, values that satisfy a route's
// JSON schema, a seeded random source and a snapshot of every table to prove a refused request wrote nothing.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app';
import type { Db } from '../platform/db/client';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  minProperties?: number;
  nullable?: boolean;
  example?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. /api/client/firmware/groups/{id}. */
  path: string;
  /** `METHOD path`, the key of the permission table. */
  key: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  /** The JSON body schema, when the route takes a JSON body. */
  body?: JsonSchema;
  /** Content types of the body, when there is one. */
  contentTypes: string[];
}

/** The schema with each `$ref` to a named schema (components.schemas) replaced by that schema. */
function inlined(schema: unknown, named: Record<string, unknown>): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, named));
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) return inlined(named[ref.split('/').pop() ?? ''], named);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, named)]));
}

/** Every operation of the document, in the document's order. */
export function operationsOf(app: App): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDocument & {
    components?: { schemas?: Record<string, unknown> };
  };
  const named = doc.components?.schemas ?? {};
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const upper = method.toUpperCase() as Operation['method'];
      found.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: inlined(content['application/json']?.schema, named) as JsonSchema | undefined,
        contentTypes: Object.keys(content),
      });
    }
  }
  return found;
}

/** `METHOD path` with every path parameter written `{}`, to compare routes of the router and the document. */
export const routeShape = (key: string) => key.replace(/\{[^}]+\}|:[^/]+/g, '{}');

/**
 * Every route the router holds under /api (HEAD left out), read from Fastify's route tree, as
 * `METHOD path` shapes: routes hidden from the OpenAPI document show up here too.
 */
export function registeredRoutes(app: App): string[] {
  const found: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes.length = depth;
    prefixes[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && path.startsWith('/api/')) found.push(routeShape(`${method} ${path}`));
    }
  }
  return found;
}

/** Replaces `{name}` segments with the given values; a missing value is an error of the test itself. */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** The smallest value the schema accepts (required properties only); good enough to pass type checks. */
export function minimalValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return minimalValue(alternatives[0]);
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const properties = schema.properties ?? {};
      for (const name of schema.required ?? []) value[name] = minimalValue(properties[name] ?? {});
      const first = Object.keys(properties)[0];
      if (Object.keys(value).length < (schema.minProperties ?? 0) && first)
        value[first] = minimalValue(properties[first]);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalValue(schema.items ?? {}));
    case 'string':
      if (schema.format === 'email') return 'someone@example.test';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (typeof schema.example === 'string') return schema.example;
      return 'abc'.padEnd(schema.minLength ?? 3, 'x');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

export { pick, seededRandom } from './seeded-random';

// Both drivers (PGlite, node-postgres) answer raw SQL with `rows`.
type Rows<T> = { rows: T[] };

// Columns that change on reads by design: the last activity of accounts and agents, and the lease of a job,
// which any call of the agent holding it renews (it proves the agent alive, whatever else it asked). Sign-in
// attempts are counted on refusals on purpose (throttling) and swept in the background when their window ends.
const VOLATILE_COLUMNS = ['last_active', 'last_contact', 'lease_until'];
const VOLATILE_TABLES = ['sign_in_attempts'];

/**
 * Per table of the public schema: row count and an md5 of all rows (volatile columns left out), in one
 * round trip, so that every refused request of the fuzzer can be checked cheaply.
 */
export async function snapshotTables(db: Db): Promise<Record<string, string>> {
  if (!snapshotQuery) {
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as Rows<{ table_name: string }>;
    const drop = VOLATILE_COLUMNS.map((column) => ` - '${column}'`).join('');
    const row = `(to_jsonb(t)${drop})::text`;
    snapshotQuery = tables.rows
      .filter(({ table_name }) => !VOLATILE_TABLES.includes(table_name))
      .map(
        ({ table_name }) =>
          `select '${table_name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, E'\\n' order by ${row})), '') as state from "${table_name}" t`,
      )
      .join(' union all ');
  }
  const result = (await db.execute(sql.raw(snapshotQuery))) as unknown as Rows<{
    name: string;
    state: string;
  }>;
  return Object.fromEntries(result.rows.map(({ name, state }) => [name, state]));
}

let snapshotQuery: string | undefined;

/** The API's error shape: 422 with a list of issues naming a field, else `{"detail": "message"}`. */
export function expectErrorShape(res: LightMyRequestResponse, label: string): void {
  let body: { detail?: unknown };
  try {
    body = res.json();
  } catch {
    throw new Error(
      `${label}: ${res.statusCode} answered a body that is not JSON: ${res.body.slice(0, 200)}`,
    );
  }
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  if (res.statusCode === 422) {
    expect(Array.isArray(body.detail), `${label}: ${res.body.slice(0, 300)}`).toBe(true);
    const issues = body.detail as { loc?: unknown; msg?: unknown }[];
    expect(issues.length, label).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(Array.isArray(issue.loc), `${label}: ${res.body.slice(0, 300)}`).toBe(true);
      // The location starts with where the field was sent, then names it (just the source for a whole body).
      expect(['body', 'query', 'path', 'header'], `${label}: ${res.body.slice(0, 300)}`).toContain(
        (issue.loc as unknown[])[0],
      );
      expect(typeof issue.msg, label).toBe('string');
    }
  } else {
    expect(typeof body.detail, `${label}: ${res.body.slice(0, 300)}`).toBe('string');
  }
}
