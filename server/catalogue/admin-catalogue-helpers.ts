import type { SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { AuditAction, AuditObjectType } from '../../contract/audit';
import { englishText } from '../../contract/english';
import { problems } from '../../contract/rules/catalogue-names';
import type { Rule } from '../../contract/rules/values';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { recordAudit } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/db-errors';
import { conflict, notFound } from '../platform/http/http-errors';
import { routesUnder } from '../platform/http/route-options';
import { ValidationFailedError } from '../platform/http/validation-errors';

/** 422 naming every field of the body that breaks its rule (contract/rules/catalogue-names.ts). */
export function checkBody(body: Record<string, unknown>, rules: Record<string, Rule>): void {
  const found = problems(body, rules);
  if (found.length > 0) {
    throw new ValidationFailedError(
      found.map(({ field, message }) => ({ loc: ['body', field], msg: englishText(message) })),
    );
  }
}

export interface Change {
  action: Extract<AuditAction, `catalogue.${string}`>;
  objectType: AuditObjectType;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Runs a catalogue change and its audit row in one transaction: when the change throws (409, 422), nothing is
 * written. `write` answers the audit entry; a unique violation the checks did not foresee (two admins adding the
 * same name at once) becomes the 409 `duplicate` says. A write that changed nothing answers a null change: no
 * audit row.
 */
export async function changeCatalogue<T>(
  db: Db,
  request: FastifyRequest,
  duplicate: string,
  write: (tx: Db) => Promise<{ change: Change | null; result: T }>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const { change, result } = await write(tx);
      if (change) await recordAudit(tx, { actorId: request.account.id, ...change });
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicate);
    throw error;
  }
}

/** The 409 of a change that queued builds depend on. */
export const queuedConflict = (n: number, what: string, advice: string) =>
  conflict(`${n === 1 ? '1 build in the queue uses' : `${n} builds in the queue use`} ${what}: ${advice}`);

/** The row `where` selects, locked for the change's transaction; 404 with `missing` when there is none. */
export async function lockRow<T extends AnyPgTable>(
  tx: Db,
  table: T,
  where: SQL | undefined,
  missing: string,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as AnyPgTable)
    .where(where)
    .for('update');
  if (!row) throw notFound(missing);
  return row as T['$inferSelect'];
}

/** A body's text fields without their surrounding blanks. */
export const trimmed = <T extends Record<string, string | undefined>>(body: T) =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value?.trim()])) as T;

/** A catalogue route's options: for admins only, under the catalogue tag, with its summary, params, body and answers. */
export const adminRoute = <S extends object>(app: FastifyInstance, schema: S) =>
  routesUnder(['catalogue'], app.requireAdmin)(schema);

type Refusal = 404 | 409 | 422;

/** The answers of a kind's routes: its list, a new entry, a changed one, a removal. */
export const answers = {
  list: (item: TSchema) => ({ 200: Type.Array(item), ...errorResponses(401, 403) }),
  created: (item: TSchema) => ({ 201: item, ...errorResponses(401, 403, 409, 422) }),
  changed: (item: TSchema, refusals: Refusal[] = [404, 409, 422]) => ({
    200: item,
    ...errorResponses(401, 403, ...refusals),
  }),
  removed: (refusals: Refusal[] = [404, 409]) => ({
    204: Type.Null({ description: 'Removed' }),
    ...errorResponses(401, 403, ...refusals),
  }),
};
