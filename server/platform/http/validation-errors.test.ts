import { describe, expect, it } from 'vitest';
import { toValidationIssues } from './validation-errors';

const issue = (keyword: string, instancePath: string, params: Record<string, unknown>, schemaPath = '#') => ({
  keyword,
  instancePath,
  schemaPath,
  params,
  message: `failed ${keyword}`,
});

describe('toValidationIssues', () => {
  it('names each missing and unknown field', () => {
    expect(
      toValidationIssues('body', [
        issue('required', '', { requiredProperties: ['email', 'password'] }),
        issue('boolean', '/x', {}, '#/additionalProperties'),
        issue('additionalProperties', '', { additionalProperties: ['x'] }),
      ]),
    ).toEqual([
      { loc: ['body', 'email'], msg: 'Field required', type: 'value_error' },
      { loc: ['body', 'password'], msg: 'Field required', type: 'value_error' },
      { loc: ['body', 'x'], msg: 'Extra field not permitted', type: 'value_error' },
    ]);
  });

  it('maps sources and nested paths, keeping one entry per location', () => {
    expect(
      toValidationIssues('querystring', [
        issue('type', '/items/0/name~1x', { type: 'string' }),
        issue('minLength', '/items/0/name~1x', { limit: 3 }),
      ]),
    ).toEqual([{ loc: ['query', 'items', 0, 'name/x'], msg: 'Must be a string', type: 'value_error' }]);
    expect(toValidationIssues('params', [issue('minimum', '/id', { limit: 1 })])[0].loc).toEqual([
      'path',
      'id',
    ]);
  });

  it('reports a union of constants as one choice', () => {
    expect(
      toValidationIssues('body', [
        issue('const', '/stage', { allowedValue: 'dev' }, '#/properties/stage/anyOf/0'),
        issue('const', '/stage', { allowedValue: 'stable' }, '#/properties/stage/anyOf/1'),
        issue('anyOf', '/stage', {}, '#/properties/stage'),
      ]),
    ).toEqual([{ loc: ['body', 'stage'], msg: 'Must be one of: dev, stable', type: 'value_error' }]);
  });

  it('never answers an empty list', () => {
    expect(toValidationIssues('body', [])).toEqual([
      { loc: ['body'], msg: 'Invalid value', type: 'value_error' },
    ]);
  });
});

describe('toValidationIssues on a union of objects told apart by a constant', () => {
  const items = '#/properties/events/items';
  const progressNotANumber = [
    issue('const', '/events/1/type', { allowedValue: 'log' }, `${items}/anyOf/0/properties/type`),
    issue('type', '/events/1/data', { type: 'number' }, `${items}/anyOf/1/properties/data`),
    issue('anyOf', '/events/1', {}, items),
  ];

  it('names the field of the branch its constant chose', () => {
    expect(toValidationIssues('body', progressNotANumber)).toEqual([
      { loc: ['body', 'events', 1, 'data'], msg: 'Must be a number', type: 'value_error' },
    ]);
  });

  it('names the constant when no branch took it', () => {
    expect(
      toValidationIssues('body', [
        issue('const', '/events/1/type', { allowedValue: 'log' }, `${items}/anyOf/0/properties/type`),
        issue('const', '/events/1/type', { allowedValue: 'progress' }, `${items}/anyOf/1/properties/type`),
        issue('anyOf', '/events/1', {}, items),
      ]),
    ).toEqual([
      { loc: ['body', 'events', 1, 'type'], msg: 'Must be one of: log, progress', type: 'value_error' },
    ]);
  });

  it('reports the union itself when several branches fit', () => {
    expect(
      toValidationIssues('body', [
        issue('required', '/events/1', { requiredProperties: ['type'] }, `${items}/anyOf/0/required`),
        issue('required', '/events/1', { requiredProperties: ['type'] }, `${items}/anyOf/1/required`),
        issue('anyOf', '/events/1', {}, items),
      ]),
    ).toEqual([{ loc: ['body', 'events', 1], msg: 'Invalid value', type: 'value_error' }]);
  });
});
