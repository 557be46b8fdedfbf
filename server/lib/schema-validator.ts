import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * Validates with TypeBox instead of Fastify's ajv, because ajv's options are global: we want bodies checked
 * exactly as sent (no type coercion, unknown fields rejected, never stripped), while querystring and path
 * params, which arrive as strings, are converted and get their defaults.
 */
export const schemaValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const fail = (value: unknown) => ({
    error: validator.Errors(value) as unknown as FastifySchemaValidationError[],
  });
  if (httpPart === 'body') {
    return (value: unknown) => (validator.Check(value) ? { value } : fail(value));
  }
  return (value: unknown) => {
    const converted = Value.Convert(schema, Value.Default(schema, Value.Clone(value)));
    return validator.Check(converted) ? { value: converted } : fail(converted);
  };
};
