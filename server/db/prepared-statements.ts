import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement prepared once per database under `name`: lists polled by every open console cost more to build
 * than to run, and PostgreSQL keeps a named statement's plan per connection. `name` must say everything that
 * changes the statement's text (the filters' shape), never a value.
 */
export function preparedOnce<T>(db: Db, name: string, prepare: (name: string) => T): T {
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
