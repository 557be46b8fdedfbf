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
const Filters = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  ratio: Type.Optional(Type.Number()),
  removed: Type.Optional(Type.Boolean()),
  ids: Type.Optional(Type.Array(Type.Integer())),
  search: Type.Optional(Type.String()),
});

function check(
  schema: typeof Body | typeof Query | typeof Filters,
  httpPart: 'body' | 'querystring',
  value: unknown,
) {
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

describe('numbers and booleans in a path or query string', () => {
  const mustBe = (field: string, type: string) => [
    { loc: ['query', field], msg: `Must be ${type}`, type: 'value_error' },
  ];

  it('refuses an integer written as true, 1.0 or with spaces', () => {
    for (const id of ['true', '1.0', ' 1', '1 ', '0x1', '1e0', '']) {
      expect(check(Query, 'querystring', { id }).issues, id).toEqual(mustBe('id', 'an integer'));
    }
    expect(check(Filters, 'querystring', { ids: ['1', 'true'] }).issues).toEqual(mustBe('ids', 'an integer'));
  });

  it('refuses a boolean or a number written otherwise', () => {
    expect(check(Filters, 'querystring', { removed: '1' }).issues).toEqual(mustBe('removed', 'a boolean'));
    expect(check(Filters, 'querystring', { ratio: 'true' }).issues).toEqual(mustBe('ratio', 'a number'));
  });

  it('reads what is written as one, and leaves text alone', () => {
    expect(
      check(Filters, 'querystring', {
        page: '2',
        ratio: '-1.5',
        removed: 'false',
        ids: ['1', '2'],
        search: '1.0',
      }).value,
    ).toEqual({ page: 2, ratio: -1.5, removed: false, ids: [1, 2], search: '1.0' });
  });
});
