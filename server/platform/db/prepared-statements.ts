import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement prepared once per database: lists polled by every open console cost more to build than to run,
 * and PostgreSQL keeps a named statement's plan per connection. Its name is `kind` and which of the optional
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
    statement = prepare(name);
    byName.set(name, statement);
  }
  return statement;
}
