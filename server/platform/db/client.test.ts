import { describe, expect, it } from 'vitest';
import { isDbUnavailable } from './client';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDbUnavailable', () => {
  it('knows a database that cannot be reached, also wrapped by drizzle', () => {
    expect(isDbUnavailable(coded('ECONNREFUSED'))).toBe(true);
    expect(isDbUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDbUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDbUnavailable(coded('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDbUnavailable(coded('08006'))).toBe(true);
    expect(isDbUnavailable(new Error('Failed query: select 1', { cause: coded('ECONNRESET') }))).toBe(true);
    expect(isDbUnavailable(new AggregateError([coded('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves query errors alone: they are the request’s fault or a bug', () => {
    expect(isDbUnavailable(coded('23505', 'duplicate key'))).toBe(false);
    expect(isDbUnavailable(new Error('Failed query', { cause: coded('42P01') }))).toBe(false);
    expect(isDbUnavailable(new Error('boom'))).toBe(false);
    expect(isDbUnavailable(undefined)).toBe(false);
  });
});
