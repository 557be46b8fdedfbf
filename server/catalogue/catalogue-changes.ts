// The three changes every catalogue kind offers (add, change, remove), written once: each runs in one
// transaction with its audit row (changeCatalogue), parameterised by the kind's table, audit type and noun.
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgTable, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditObjectType } from '../../contract/audit';
import { changedFields } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { conflict, notFound } from '../platform/http/http-errors';
import { changeCatalogue, lockRow, queuedConflict } from './admin-catalogue-helpers';
import { queuedBuilds } from './catalogue-usage';

/** One kind of catalogue entry: its table, its audit object type and its name in messages ("Series not found"). */
export interface CatalogueKind<T extends AnyPgTable> {
  table: T;
  objectType: AuditObjectType;
  noun: string;
}

type Row<T extends AnyPgTable> = T['$inferSelect'];
type Fields = Record<string, unknown>;
/** The entry a change or a removal is about: the row `where` selects, named `objectId` in the audit log. */
interface Entry {
  where: SQL | undefined;
  objectId: string | number;
}
type CatalogueAction = Extract<AuditAction, `catalogue.${string}`>;

/** 409 with `message` when a row of `table` matches `where`. */
export async function refuseExisting(tx: Db, table: AnyPgTable, where: SQL | undefined, message: string) {
  const [other] = await tx
    .select()
    .from(table as PgTable)
    .where(where);
  if (other) throw conflict(message);
}

/**
 * An update's check for a unique field: when `field` changes, 409 (`message` of the new value) if one of the
 * `others` rows has that value in `column` already.
 */
export const uniqueAmong =
  (table: AnyPgTable, field: string, column: PgColumn, others: SQL, message: (value: string) => string) =>
  async (tx: Db, before: Fields, after: Fields) => {
    const value = String(after[field]);
    if (value === before[field]) return;
    await refuseExisting(tx, table, and(eq(column, value), others), message(value));
  };

/** 409 naming how many queued builds match `where`, with `advice`; nothing when none does. */
export async function refuseQueued(tx: Db, where: SQL | undefined, what: string, advice: string) {
  const queued = await queuedBuilds(tx, where);
  if (queued > 0) throw queuedConflict(queued, what, advice);
}

/** The row of `rows` that `match` picks; 404 with `missing` when there is none. */
export function oneIn<T>(rows: T[], match: (row: T) => boolean, missing: string): T {
  const row = rows.find(match);
  if (!row) throw notFound(missing);
  return row;
}

/**
 * Adds `row`: 409 `duplicate` when a row matches `existing`, after `check` (unknown parts → 422); the audit row
 * names the entry by `objectId` of what was inserted and records `row`. Answers the inserted row.
 */
export function createEntry<T extends AnyPgTable>(
  db: Db,
  request: FastifyRequest,
  kind: CatalogueKind<T>,
  entry: {
    row: Fields;
    existing: SQL | undefined;
    duplicate: string;
    objectId: (inserted: Row<T>) => string | number;
    check?: (tx: Db) => Promise<void>;
  },
): Promise<Row<T>> {
  return changeCatalogue(db, request, entry.duplicate, async (tx) => {
    await entry.check?.(tx);
    await refuseExisting(tx, kind.table, entry.existing, entry.duplicate);
    const [inserted] = (await tx
      .insert(kind.table as PgTable)
      .values(entry.row as never)
      .returning()) as Row<T>[];
    const change = {
      action: 'catalogue.create',
      objectType: kind.objectType,
      objectId: entry.objectId(inserted),
      after: entry.row,
    } as const;
    return { change, result: inserted };
  });
}

/**
 * Changes the entry `where` selects: lock it (404), compare the audited fields (`audited` of the row) with
 * `fields`; when nothing differs, nothing is written. Otherwise `check` may refuse (409, 422), the changed fields
 * are written and the audit row records them under `action` (catalogue.update unless told).
 */
export function updateEntry<T extends AnyPgTable, A extends Fields>(
  db: Db,
  request: FastifyRequest,
  kind: CatalogueKind<T>,
  entry: Entry & {
    audited: (row: Row<T>) => A;
    fields: Partial<A>;
    duplicate?: string;
    check?: (tx: Db, before: A, after: A) => Promise<void>;
    action?: (before: A, after: A) => CatalogueAction;
  },
): Promise<void> {
  const duplicate = entry.duplicate ?? `${kind.noun} already exists`;
  return changeCatalogue(db, request, duplicate, async (tx) => {
    const before = entry.audited(await lockRow(tx, kind.table, entry.where, `${kind.noun} not found`));
    const after = { ...before, ...entry.fields };
    const changed = changedFields(before, after);
    if (Object.keys(changed.after).length === 0) return { change: null, result: undefined };
    await entry.check?.(tx, before, after);
    await tx
      .update(kind.table as PgTable)
      .set(changed.after as never)
      .where(entry.where);
    const action = entry.action?.(before, after) ?? 'catalogue.update';
    return {
      change: { action, objectType: kind.objectType, objectId: entry.objectId, ...changed },
      result: undefined,
    };
  });
}

/**
 * Removes the entry `where` selects: lock it (404), let `check` refuse (409), delete it and record the removed
 * row (or what `audited` picks of it) in the audit row.
 */
export function removeEntry<T extends AnyPgTable>(
  db: Db,
  request: FastifyRequest,
  kind: CatalogueKind<T>,
  entry: Entry & {
    check?: (tx: Db, row: Row<T>) => Promise<void>;
    audited?: (row: Row<T>) => unknown;
  },
): Promise<void> {
  return changeCatalogue(db, request, `${kind.noun} already exists`, async (tx) => {
    const row = await lockRow(tx, kind.table, entry.where, `${kind.noun} not found`);
    await entry.check?.(tx, row);
    await tx.delete(kind.table as PgTable).where(entry.where);
    const before = entry.audited ? entry.audited(row) : row;
    const change = {
      action: 'catalogue.remove',
      objectType: kind.objectType,
      objectId: entry.objectId,
      before,
    } as const;
    return { change, result: undefined };
  });
}
