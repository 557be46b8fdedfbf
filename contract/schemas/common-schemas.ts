import { type TObjectOptions, type TProperties, type TSchema, Type } from 'typebox';

/**
 * A schema the API document names: it appears once in `components.schemas` under `title` and every use refers
 * to it (server/platform/docs/openapi-document.ts), so generated clients get a `Build` type, not an inline one.
 */
export const named = <T extends TSchema>(title: string, schema: T): T => ({ ...schema, title });

/** A request's object: the fields it names and no other (an unknown field is refused with 422). */
export const closedObject = <P extends TProperties>(properties: P, options: TObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

export const ErrorSchema = named(
  'Problem',
  Type.Object(
    { detail: Type.String({ examples: ['Not authenticated'] }) },
    { description: 'Any failure other than validation' },
  ),
);

export const ValidationErrorSchema = named(
  'ValidationProblem',
  Type.Object(
    {
      detail: Type.Array(
        Type.Object({
          loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), { examples: [['body', 'email']] }),
          msg: Type.String(),
          type: Type.String(),
        }),
      ),
    },
    { description: 'The request did not match the schema (unknown fields included)' },
  ),
);

/** A 200 that is a file, not JSON: the API document lists it under its media type (openapi-document.ts). */
export const fileResponse = (description: string, mediaType = 'application/octet-stream') =>
  Type.Unsafe<unknown>({ type: 'string', description, contentMediaType: mediaType });

type ErrorCode = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** Response schemas for the error statuses a route can answer, for the OpenAPI document and serialisation. */
export function errorResponses(...codes: ErrorCode[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((code) => [code, code === 422 ? ValidationErrorSchema : ErrorSchema]));
}

/**
 * A contract rule's pattern for the OpenAPI document (issue 38). It is `x-pattern` in the route's schema, so the
 * validator leaves the field to the rule, which answers with the spec's own message; the document's transform
 * writes it as `pattern`. One regex, in contract/rules, for both.
 */
export const documentedPattern = (
  rule?: RegExp,
  options: { trimmed?: boolean } = {},
): { 'x-pattern'?: string } => {
  if (!rule) return {};
  return { 'x-pattern': options.trimmed ? aroundBlanks(rule) : rule.source };
};

/** The bounds of a rule a JSON Schema keyword can state; see documentedBounds. */
export interface RuleBounds {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: 'email';
}

/**
 * A contract rule's lengths, numeric range or format for the OpenAPI document (issue 38), as `x-bounds` in the
 * route's schema: the rule checks them with the spec's own messages, the document's transform writes them as
 * the JSON Schema keywords (replacing the schema's looser cap on absurd input). Derive them from the rule's
 * own constants, so there is one rule in one place.
 */
export const documentedBounds = (bounds: RuleBounds): { 'x-bounds': RuleBounds } => ({
  'x-bounds': bounds,
});

/**
 * `^…$` as `^\s*(?:…)\s*$`: for a field the server trims before its rule (a set's name, a pool's fields), the
 * blanks around it are accepted, so the document says so too (issue 38). `\s` is exactly what
 * `String.prototype.trim` removes.
 */
export function aroundBlanks(rule: RegExp): string {
  const inner = rule.source.replace(/^\^/, '').replace(/\$$/, '');
  return `^\\s*(?:${inner})\\s*$`;
}
