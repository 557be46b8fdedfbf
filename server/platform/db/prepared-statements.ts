import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { keepPlanOnPglite } from './pglite-prepared';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement prepared once per database: lists polled by every open console cost more to build than to run,
 * and PostgreSQL keeps a named statement's plan per connection (PGlite's session too: pglite-prepared.ts). Its name is `kind` and which of the optional
 * `parts` (the filters' shape, never their values) are on, e.g. `tasks_page_10010`.
 */
export function preparedOnce<T>(db: Db, kind: string, parts: unknown[], prepare: (name: string) => T): T {
  const name = `${kind}_${parts.map((on) => (on ? 1 : 0)).join('')}`;
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = keepPlanOnPglite(prepare(name), name);
    byName.set(name, statement);
  }
  return statement;
}

/**
 * A page's window for a prepared list: no OFFSET on the first page (the one every open console polls; later
 * pages take an `offset` placeholder), and LIMIT a constant unless `limitParameter`. PostgreSQL plans a
 * prepared statement anew at every execution (~1 ms on the bench data, measured 2026-11-25: more than running
 * it) until its generic plan costs no more than the custom ones, and a generic plan guesses 10 % of the rows
 * for a parameter's OFFSET or LIMIT: over all accounts' rows a LIMIT parameter is costed as thousands of
 * rows, so it must be a constant; over one account's rows (~90 by the statistics' average) a parameter is
 * costed as nine rows and the generic plan is kept, where a constant 20 made it cost more than a custom plan
 * of a large account.
 */
export function pageWindow<T extends PgSelect>(
  query: T,
  pageSize: number,
  firstPage: boolean,
  limitParameter = false,
): T {
  // drizzle renders an object given to limit() as SQL, a number as a parameter.
  const limit = limitParameter ? pageSize : (sql.raw(String(Math.trunc(pageSize))) as unknown as number);
  const limited = query.limit(limit);
  return firstPage ? limited : limited.offset(sql.placeholder('offset'));
}
