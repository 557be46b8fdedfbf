import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { schemaValidatorCompiler } from './schema-validator';
import { toValidationIssues } from './validation-errors';

const Body = Type.Object({
  name: Type.String({ maxLength: 100 }),
  ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  parent: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  size: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
});
const Query = Type.Object({ id: Type.Integer({ minimum: 1 }) });

function check(schema: typeof Body | typeof Query, httpPart: 'body' | 'querystring', value: unknown) {
  const validate = schemaValidatorCompiler({ schema, httpPart, method: 'POST', url: '/x' }) as (
    value: unknown,
  ) => { value?: unknown; error?: Parameters<typeof toValidationIssues>[1] };
  const result = validate(value);
  return result.error ? { issues: toValidationIssues(httpPart, result.error) } : { value: result.value };
}

describe('schema validation of what the database can store', () => {
  it('refuses NUL characters and lone surrogates in any string, naming the field', () => {
    expect(check(Body, 'body', { name: 'a\u0000b' }).issues).toEqual([
      { loc: ['body', 'name'], msg: 'Contains characters that are not allowed', type: 'value_error' },
    ]);
    expect(check(Body, 'body', { name: 'x\ud800' }).issues?.[0].loc).toEqual(['body', 'name']);
    expect(check(Body, 'body', { name: 'emoji 😀 and 中文' }).value).toEqual({ name: 'emoji 😀 and 中文' });
  });

  it('refuses integers beyond PostgreSQL integer unless the schema sets its own maximum', () => {
    expect(check(Body, 'body', { name: 'a', ids: [1, 2_147_483_648] }).issues).toEqual([
      { loc: ['body', 'ids', 1], msg: 'Must be less than or equal to 2147483647', type: 'value_error' },
    ]);
    expect(check(Body, 'body', { name: 'a', parent: -3_000_000_000 }).issues?.[0].loc).toEqual([
      'body',
      'parent',
    ]);
    expect(check(Body, 'body', { name: 'a', size: 5_000_000_000 }).value).toEqual({
      name: 'a',
      size: 5_000_000_000,
    });
    expect(check(Query, 'querystring', { id: '99999999999999999999' }).issues?.[0].loc).toEqual([
      'query',
      'id',
    ]);
    expect(check(Query, 'querystring', { id: '2147483647' }).value).toEqual({ id: 2_147_483_647 });
  });
});
