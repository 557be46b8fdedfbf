import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, is } from 'drizzle-orm';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import * as drizzleUtils from 'drizzle-orm/utils';

type Fields = unknown;
/** drizzle's own row mapping of a select (exported by drizzle-orm/utils, left out of its type declarations). */
const { mapResultRow } = drizzleUtils as unknown as {
  mapResultRow: (fields: Fields, row: unknown[], joinsNotNullableMap?: Record<string, boolean>) => unknown;
};

type Values = Record<string, unknown>;

/** The parts of drizzle's PGlite prepared query this reads (public fields of its class, untyped in its .d.ts). */
interface PgliteQueryParts {
  client: PGlite;
  queryString: string;
  params: unknown[];
  fields?: Fields;
  joinsNotNullableMap?: Record<string, boolean>;
  queryConfig: Parameters<PGlite['query']>[2];
  execute: (values?: Values) => Promise<unknown>;
}

/**
 * A value written into EXECUTE's arguments: integers, booleans, null, and strings without a backslash or NUL
 * (quoted with doubled single quotes: standard_conforming_strings is on, PostgreSQL's default); anything else
 * is undefined, and the query runs as drizzle runs it.
 */
const asLiteral = (value: unknown) => {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value === 'string' && !/[\\\0]/.test(value)) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
};

/**
 * On PGlite, drizzle runs a "prepared" query as an unnamed statement: PGlite plans it at every execution, in
 * the server's own thread (~1 ms for a task page on the bench data, measured 2026-11-25: more than running
 * it). This makes it a server-side prepared statement of the PGlite session (PREPARE once, then EXECUTE), so
 * PostgreSQL keeps its plan as it does for a named statement on a PostgreSQL connection. EXECUTE takes its
 * arguments as literals: integers, booleans, nulls and plain strings are written so (asLiteral); any other
 * value, or a PREPARE that fails, runs the query as before. Statements of other drivers are returned as they
 * are.
 */
export function keepPlanOnPglite<T>(statement: T, name: string): T {
  if (!is(statement, PglitePreparedQuery)) return statement;
  const query = statement as unknown as PgliteQueryParts;
  const plain = query.execute.bind(query);
  let prepared: Promise<boolean> | undefined;
  query.execute = async (values: Values = {}) => {
    const literals = fillPlaceholders(query.params, values).map(asLiteral);
    if (!query.fields || literals.some((literal) => literal === undefined)) return plain(values);
    prepared ??= query.client.query(`prepare ${name} as ${query.queryString}`).then(
      () => true,
      () => false,
    );
    if (!(await prepared)) return plain(values);
    const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
    const result = await query.client.query<unknown[]>(`execute ${name}${args}`, [], query.queryConfig);
    const fields = query.fields;
    return result.rows.map((row) => mapResultRow(fields, row, query.joinsNotNullableMap));
  };
  return statement;
}
