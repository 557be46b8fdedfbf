import { ErrorSchema, ValidationErrorSchema } from '../../../contract/schemas/common-schemas';
import { INT4_MAX, INT4_MIN } from '../http/schema-validator';
import { API_TAGS } from './openapi-tags';

/**
 * What turns the routes' schemas into a document generators and linters accept (issue 38): a stable
 * operationId per operation, the integer bounds the validator enforces, optional meaning optional, named
 * schemas under components, the headers the API sends and reads, declared tags and servers.
 */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON walked by key.
type Json = any;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /api/client/firmware/firmwares/:id/runs` → `getClientFirmwareFirmwaresByIdRuns`: the method, then each
 * path segment in camelCase, a parameter as `By…`. Derived from what the route is, never from its order, so it
 * stays the same while the route does; a route may still name itself with `schema.operationId`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = segment.startsWith(':') || segment.startsWith('{');
      const parts = segment
        .replace(/[:{}]/g, '')
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean);
      return (param ? 'By' : '') + parts.map(capitalise).join('');
    });
  return method.toLowerCase() + words.join('');
}

/** Integers without their own bounds are PostgreSQL `integer`s: the validator refuses the rest, so say so. */
function withIntegerBounds(schema: Json): Json {
  if (!schema || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map(withIntegerBounds);
  const copy: Json = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withIntegerBounds(value)]),
  );
  // A contract rule's pattern (documentedPattern): enforced by the rule, written here as JSON Schema's.
  if (typeof schema['x-pattern'] === 'string') {
    copy.pattern = schema['x-pattern'];
    delete copy['x-pattern'];
  }
  // A contract rule's lengths, range or format (documentedBounds): the keywords the document states.
  if (schema['x-bounds'] && typeof schema['x-bounds'] === 'object') {
    Object.assign(copy, schema['x-bounds']);
    delete copy['x-bounds'];
  }
  if (schema.type === 'integer') {
    copy.maximum ??= INT4_MAX;
    copy.minimum ??= INT4_MIN;
  }
  return copy;
}

/** A query field with a default is one the client may leave out (the server fills it in). */
function defaultsOptional(schema: Json): Json {
  if (!schema?.properties || !Array.isArray(schema.required)) return schema;
  const required = schema.required.filter((key: string) => schema.properties[key]?.default === undefined);
  return { ...schema, required };
}

/**
 * The refusals the server makes before any handler runs (issue 38, found by fuzz-document.test.ts): 422 for a
 * path, query or body field its schema refuses (and for a malformed Idempotency-Key on a POST), 400 for a JSON
 * body that is empty or not JSON.
 */
function withInputRefusals(schema: Json, method: string, isPublic: boolean): Json {
  const response = { ...schema.response };
  const idempotent = method === 'POST' && !isPublic;
  if (schema.params || schema.querystring || schema.body || idempotent)
    response[422] ??= ValidationErrorSchema;
  if (schema.body) response[400] ??= ErrorSchema;
  return response;
}

interface RouteSchemaInput {
  schema: Json;
  url: string;
  route: { method: string | string[]; config?: { etag?: boolean; public?: boolean } };
}

/** @fastify/swagger's per-route transform. */
export function transformRoute({ schema, url, route }: RouteSchemaInput): { schema: Json; url: string } {
  if (!schema || schema.hide) return { schema, url };
  const method = [route.method].flat()[0];
  const out: Json = { ...schema, operationId: schema.operationId ?? operationIdOf(method, url) };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    if (out[part]) out[part] = withIntegerBounds(out[part]);
  }
  if (out.querystring) out.querystring = defaultsOptional(out.querystring);
  if (out.response) out.response = withInputRefusals(out, method, route.config?.public === true);
  if (route.config?.etag) out['x-etag'] = true;
  if (route.config?.public) out['x-public'] = true;
  if (schema.consumes && !schema.body) out['x-consumes'] = schema.consumes;
  return { schema: out, url };
}

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });

const RESPONSE_HEADERS = {
  paging: {
    'X-Page': header('This page, counted from 0', { type: 'integer', minimum: 0 }),
    'X-Page-Size': header('Items per page', { type: 'integer', minimum: 1 }),
    'X-Total-Count': header('Items across all pages', { type: 'integer', minimum: 0 }),
  },
  etag: { ETag: header('A tag of this answer; send it back as If-None-Match to get 304 while it holds') },
  retryAfter: {
    'Retry-After': header('Seconds to wait before trying again', { type: 'integer', minimum: 1 }),
  },
  location: {
    Location: header('The API path of what was made', { type: 'string', format: 'uri-reference' }),
  },
  replayed: {
    'Idempotent-Replayed': header(
      '`true` when this is the kept answer to an earlier request with the same key',
    ),
  },
};

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes this POST safe to retry: a repeat with the same key within 24 hours answers the first result ' +
    'instead of doing it again. The same key on another request is refused with 422; while the first is ' +
    'still running, 409.',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
};

const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An ETag from an earlier answer: 304 without a body while it still holds',
  schema: { type: 'string' },
};

const addHeaders = (response: Json, headers: Record<string, Json>) => {
  if (response) response.headers = { ...response.headers, ...headers };
};

/** The headers of every operation, by the rule the server applies them. */
function documentHeaders(method: string, operation: Json) {
  const responses = operation.responses ?? {};
  const success = Object.keys(responses).find((code) => code.startsWith('2'));
  const parameters: Json[] = operation.parameters ?? [];
  if (parameters.some((p) => p.in === 'query' && p.name === 'page'))
    addHeaders(responses[success ?? '200'], RESPONSE_HEADERS.paging);
  for (const code of ['429', '503']) addHeaders(responses[code], RESPONSE_HEADERS.retryAfter);
  addHeaders(responses['201'], RESPONSE_HEADERS.location);
  if (operation['x-etag']) {
    addHeaders(responses['200'], RESPONSE_HEADERS.etag);
    parameters.push(IF_NONE_MATCH);
    responses['304'] = { description: 'Not modified: the If-None-Match tag still holds' };
  }
  if (method === 'post' && !operation['x-public']) {
    parameters.push(IDEMPOTENCY_KEY);
    if (success) addHeaders(responses[success], RESPONSE_HEADERS.replayed);
    responses['409'] ??= { description: 'A request with this Idempotency-Key is still running' };
  }
  if (parameters.length > 0) operation.parameters = parameters;
  uploadBody(operation);
  delete operation['x-etag'];
  delete operation['x-public'];
}

/**
 * A body the handler reads as a stream (an artifact's bytes, a multipart form) has no schema Fastify checks;
 * the route says its media type (`consumes`) and, for a form, its fields (`x-form`).
 */
function uploadBody(operation: Json) {
  const consumes: string[] | undefined = operation['x-consumes'];
  const form = operation['x-form'];
  delete operation['x-consumes'];
  delete operation['x-form'];
  if (!consumes || operation.requestBody) return;
  const content = Object.fromEntries(
    consumes.map((mediaType) => [
      mediaType,
      {
        schema:
          mediaType === 'multipart/form-data'
            ? {
                type: 'object',
                properties: form ?? {},
                required: Object.keys(form ?? {}).filter((k) => k.startsWith('image')),
              }
            : { type: 'string', format: 'binary' },
      },
    ]),
  );
  operation.requestBody = { required: true, content };
}

const stable = (value: Json): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );

/**
 * Every schema with a `title` (contract/schemas: `named('Build', …)`) moves to `components.schemas` and each use
 * becomes a `$ref`; a schema derived from a named one that changed it keeps its content inline, untitled.
 */
function hoistNamed(document: Json) {
  const components: Record<string, Json> = document.components.schemas;
  const visit = (node: Json): Json => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map(visit);
    const copy: Json = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
    const title = copy.title;
    if (typeof title !== 'string' || typeof copy.type !== 'string') return copy;
    const known = components[title];
    if (known && stable(known) !== stable(copy)) {
      delete copy.title;
      return copy;
    }
    components[title] = copy;
    return { $ref: `#/components/schemas/${title}` };
  };
  for (const operations of Object.values<Json>(document.paths)) {
    for (const operation of Object.values<Json>(operations)) {
      for (const key of ['parameters', 'requestBody', 'responses']) {
        if (operation[key]) operation[key] = visit(operation[key]);
      }
    }
  }
}

/**
 * A response that is not JSON says so with its schema's `contentMediaType` (`text/csv`, a file's bytes): the
 * document lists it under that media type, as a string (`format: binary` for bytes), as OpenAPI 3.0 has no
 * `contentMediaType`.
 */
function mediaTypes(document: Json) {
  for (const operations of Object.values<Json>(document.paths)) {
    for (const operation of Object.values<Json>(operations)) {
      for (const response of Object.values<Json>(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        const mediaType = schema?.contentMediaType;
        if (!mediaType) continue;
        const { contentMediaType: _, ...rest } = schema;
        const text = mediaType.startsWith('text/') || mediaType.endsWith('+json');
        response.content = { [mediaType]: { schema: text ? rest : { ...rest, format: 'binary' } } };
      }
    }
  }
}

/** @fastify/swagger's whole-document transform. */
export function transformDocument(document: Json, serverUrl: string): Json {
  document.servers = [{ url: serverUrl.replace(/\/+$/, ''), description: 'This console' }];
  document.info.contact = {
    name: 'Console operators',
    url: `${serverUrl.replace(/\/+$/, '')}/api/reference`,
  };
  document.info.license = { name: 'Proprietary', url: `${serverUrl.replace(/\/+$/, '')}/api/reference` };
  document.info.description ??=
    'The console API. Authenticate with `Authorization: Bearer <token>`; a browser session also sends the ' +
    '`XSRF-TOKEN` cookie and `X-XSRF-TOKEN` header on writes. Errors answer `{"detail": "message"}`, and ' +
    'validation failures 422 `{"detail": [{"loc", "msg", "type"}]}`, for every 4xx including 400, 404, ' +
    '413, 414 and 415.';
  const used = new Set<string>();
  for (const operations of Object.values<Json>(document.paths)) {
    for (const [method, operation] of Object.entries<Json>(operations)) {
      if (typeof operation !== 'object' || !operation.responses) continue;
      documentHeaders(method, operation);
      for (const tag of operation.tags ?? []) used.add(tag);
    }
  }
  document.tags = Object.entries(API_TAGS)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
  hoistNamed(document);
  mediaTypes(document);
  return document;
}
