import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { lazily } from './lazy';

// PostgreSQL's `integer`: an integer field without its own maximum is stored in one (ids, counts, seqs).
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface SchemaNode {
  type?: string | string[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  minimum?: number;
  maximum?: number;
}

const pointer = (path: (string | number)[]) =>
  path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * What the schema lets through but the database cannot store: NUL characters and lone surrogates in text,
 * and integers outside PostgreSQL's `integer` (unless the schema sets its own limits). These would fail as
 * 500s deep in a query; here they are 422s naming the field.
 */
function storableIssues(schema: SchemaNode | undefined, value: unknown, path: (string | number)[] = []) {
  const issues: FastifySchemaValidationError[] = [];
  const issue = (keyword: string, message: string, params: Record<string, unknown> = {}) =>
    issues.push({ keyword, instancePath: pointer(path), schemaPath: '#', params, message });
  const integer = [schema, ...(schema?.anyOf ?? [])].find((node) => node?.type === 'integer');
  if (typeof value === 'string') {
    if (value.includes('\u0000') || LONE_SURROGATE.test(value))
      issue('characters', 'Contains characters that are not allowed');
  } else if (typeof value === 'number' && integer) {
    if (integer.maximum === undefined && value > INT4_MAX) issue('maximum', '', { limit: INT4_MAX });
    else if (integer.minimum === undefined && value < INT4_MIN) issue('minimum', '', { limit: INT4_MIN });
  } else if (Array.isArray(value)) {
    const items = schema?.items ?? schema?.anyOf?.find((node) => node.items)?.items;
    value.forEach((item, index) => {
      issues.push(...storableIssues(items, item, [...path, index]));
    });
  } else if (value && typeof value === 'object') {
    const properties = schema?.properties ?? schema?.anyOf?.find((node) => node.properties)?.properties;
    for (const [key, item] of Object.entries(value)) {
      issues.push(...storableIssues(properties?.[key], item, [...path, key]));
    }
  }
  return issues;
}

// How an integer, a number and a boolean are written in a path or query string; nothing else is one.
const LITERALS: Record<string, RegExp> = {
  integer: /^-?\d+$/,
  number: /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/,
  boolean: /^(true|false)$/,
};

const typesOf = (node: SchemaNode | undefined): string[] =>
  node
    ? [node, ...(node.anyOf ?? [])].flatMap((n) =>
        n.const !== undefined ? [typeof n.const] : [n.type ?? []].flat(),
      )
    : [];

/**
 * Strings in a path or query string that TypeBox's conversion would read as a number or a boolean but that
 * are not written as one: `true`, `1.0` and ` 1` are not the integer 1 (`PATCH …/firmwares/true/pool` once
 * rebuilt build 1). A field that also takes text is left to the schema.
 */
function literalIssues(schema: SchemaNode, value: unknown): FastifySchemaValidationError[] {
  if (!value || typeof value !== 'object') return [];
  const issues: FastifySchemaValidationError[] = [];
  for (const [key, raw] of Object.entries(value)) {
    const node = schema.properties?.[key];
    const types = typesOf(node?.type === 'array' ? node.items : node);
    const strictTypes = types.filter((type) => LITERALS[type]);
    if (strictTypes.length === 0 || types.includes('string')) continue;
    for (const item of [raw].flat()) {
      if (typeof item !== 'string' || strictTypes.some((type) => LITERALS[type].test(item))) continue;
      const params = { type: strictTypes.includes('integer') ? 'integer' : strictTypes[0] };
      issues.push({ keyword: 'type', instancePath: pointer([key]), schemaPath: '#', params, message: '' });
      break;
    }
  }
  return issues;
}

/**
 * Validates with TypeBox instead of Fastify's ajv, because ajv's options are global: we want bodies checked
 * exactly as sent (no type coercion, unknown fields rejected, never stripped), while querystring and path
 * params, which arrive as strings, are converted and get their defaults.
 */
export const schemaValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  // Compiled on the route's first request (see lazily).
  const validator = lazily(() => Compile(schema));
  const fail = (value: unknown) => ({
    error: validator().Errors(value) as unknown as FastifySchemaValidationError[],
  });
  const check = (value: unknown) => {
    if (!validator().Check(value)) return fail(value);
    const unstorable = storableIssues(schema as SchemaNode, value);
    return unstorable.length > 0 ? { error: unstorable } : { value };
  };
  if (httpPart === 'body') return check;
  return (value: unknown) => {
    const miswritten = literalIssues(schema as SchemaNode, value);
    if (miswritten.length > 0) return { error: miswritten };
    return check(Value.Convert(schema, Value.Default(schema, Value.Clone(value))));
  };
};
