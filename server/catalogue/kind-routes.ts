// The routes of one catalogue kind, declared once: its list, add, change and remove under one path, named by
// `id` or by `name`. Each kind says what differs (its rules, its unique field, what a removal must wait for).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgTable, PgColumn } from 'drizzle-orm/pg-core';
import type { TSchema } from 'typebox';
import type { Rule } from '../../contract/rules/values';
import { IdParamsSchema, NameParamsSchema } from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { created } from '../platform/http/created';
import { adminRoute, answers, checkBody, trimmed } from './admin-catalogue-helpers';
import {
  type CatalogueKind,
  createEntry,
  oneIn,
  refuseQueued,
  removeEntry,
  uniqueAmong,
  updateEntry,
} from './catalogue-changes';

type App = Parameters<FastifyPluginAsyncTypebox>[0];
type Key = string | number;
type Body = Record<string, unknown>;
type Text = Record<string, string>;
type Refusal = 404 | 409 | 422;
type Row<T extends AnyPgTable> = T['$inferSelect'];
type UpdateOptions<T extends AnyPgTable> = Omit<
  Parameters<typeof updateEntry<T, Body>>[3],
  'where' | 'objectId'
>;

/** A route's words in the API docs. */
interface Words {
  summary: string;
  description?: string;
}

export interface KindRoutes<T extends AnyPgTable, Item> {
  /** Where the kind lives: '/admin/catalogue/licenses'. */
  path: string;
  kind: CatalogueKind<T>;
  /** How an entry is named in its path and the audit log: `id` or `name`, in `column` of the table. */
  key: { param: 'id' | 'name'; column: PgColumn };
  item: TSchema;
  /** The list, with what each entry is used by; the answer of every add and change picks its entry from it. */
  list: Words & { rows: (db: Db) => Promise<Item[]> };
  create?: Words & {
    body: TSchema;
    rules?: Record<string, Rule>;
    /** The row to insert, from the checked body. */
    row: (body: Body) => Body;
    /** The rows a new one may not repeat, and the 409 that says so: by default its key, "Platform x already exists". */
    unique?: (row: Body) => { existing: SQL; duplicate: string };
    check?: (tx: Db, row: Body) => Promise<void>;
  };
  update?: Words & {
    body: TSchema;
    refusals?: Refusal[];
    /** The change the body asks of the entry `key` names (checks that throw 422 come first). */
    change: (body: Body, key: Key) => UpdateOptions<T>;
  };
  remove: Words & {
    refusals?: Refusal[];
    /** The column of builds naming the entry: while a queued build does, the removal answers 409. */
    queued?: PgColumn;
    check?: (tx: Db, row: Row<T>, key: Key) => Promise<void>;
    audited?: (row: Row<T>) => unknown;
  };
}

/** Declares the kind's GET, POST, PATCH and DELETE routes on `app`. */
export function kindRoutes<T extends AnyPgTable, Item extends object>(app: App, spec: KindRoutes<T, Item>) {
  const { path, kind, key, item, list, create, update, remove } = spec;
  const keyOf = (entry: object) => (entry as Record<string, Key>)[key.param];
  const one = async (db: Db, wanted: Key) =>
    oneIn(await list.rows(db), (entry) => keyOf(entry) === wanted, `${kind.noun} not found`);
  const params = key.param === 'id' ? IdParamsSchema : NameParamsSchema;
  const keyParam = (request: { params: unknown }) => keyOf(request.params as object);
  const entryPath = `${path}/:${key.param}`;
  const sameKey = (row: Body) => ({
    existing: eq(key.column, row[key.param]),
    duplicate: `${kind.noun} ${row[key.param]} already exists`,
  });

  app.get(path, adminRoute(app, { ...words(list), response: answers.list(item) }), () => list.rows(app.db));

  if (create)
    app.post(
      path,
      adminRoute(app, { ...words(create), body: create.body, response: answers.created(item) }),
      async (request, reply) => {
        const body = request.body as Body;
        if (create.rules) checkBody(body, create.rules);
        const row = create.row(body);
        const inserted = await createEntry(app.db, request, kind, {
          row,
          ...(create.unique ?? sameKey)(row),
          objectId: keyOf,
          check: async (tx) => create.check?.(tx, row),
        });
        return created(reply, [...path.split('/').filter(Boolean), keyOf(inserted)]).send(
          await one(app.db, keyOf(inserted)),
        );
      },
    );

  if (update)
    app.patch(
      entryPath,
      adminRoute(app, {
        ...words(update),
        params,
        body: update.body,
        response: answers.changed(item, update.refusals),
      }),
      async (request) => {
        const wanted = keyParam(request);
        const change = update.change(request.body as Body, wanted);
        await updateEntry(app.db, request, kind, {
          ...change,
          where: eq(key.column, wanted),
          objectId: wanted,
        });
        return one(app.db, wanted);
      },
    );

  app.delete(
    entryPath,
    adminRoute(app, { ...words(remove), params, response: answers.removed(remove.refusals) }),
    async (request, reply) => {
      const wanted = keyParam(request);
      await removeEntry(app.db, request, kind, {
        where: eq(key.column, wanted),
        objectId: wanted,
        audited: remove.audited,
        check: async (tx, row) => {
          const { name } = row as { name?: string };
          const what = `${kind.noun.toLowerCase()} ${name ?? wanted}`;
          if (remove.queued)
            await refuseQueued(tx, eq(remove.queued, wanted), what, 'remove it once they are built');
          await remove.check?.(tx, row, wanted);
        },
      });
      return reply.code(204).send(null);
    },
  );
}

/** A kind named by `name`, its table's `name` column: series, models, platforms and install types. */
export function nameKindRoutes<T extends AnyPgTable & { name: PgColumn }, Item extends object>(
  app: App,
  spec: Omit<KindRoutes<T, Item>, 'key'>,
) {
  kindRoutes(app, { ...spec, key: { param: 'name', column: spec.kind.table.name } });
}

const words = ({ summary, description }: Words) => (description ? { summary, description } : { summary });

/**
 * A kind named by `id` whose body is text fields under `rules`, one of them unique (`unique.field`): added and
 * changed with the fields trimmed, a change to a value another entry has refused with 409 `unique.message`.
 */
export function idKindRoutes<T extends AnyPgTable & { id: PgColumn }, Item extends object>(
  app: App,
  spec: Omit<KindRoutes<T, Item>, 'key' | 'create' | 'update'> & {
    rules: Record<string, Rule>;
    unique: { field: string; column: PgColumn; message: (value: string) => string };
    audited: (row: Row<T>) => Text;
    create: Words & { body: TSchema };
    update: Words & { body: TSchema };
  },
) {
  const { kind, rules, unique, audited } = spec;
  const id = kind.table.id;
  kindRoutes(app, {
    ...spec,
    key: { param: 'id', column: id },
    remove: { audited, ...spec.remove },
    create: {
      ...spec.create,
      rules,
      row: (body) => trimmed(body as Text),
      unique: (row) => ({
        existing: eq(unique.column, row[unique.field]),
        duplicate: unique.message(String(row[unique.field])),
      }),
    },
    update: {
      ...spec.update,
      change: (body, key) => {
        checkBody(body, rules);
        const fields = trimmed(body as Text);
        return {
          audited,
          fields,
          duplicate: unique.message(fields[unique.field] ?? ''),
          check: uniqueAmong(kind.table, unique.field, unique.column, ne(id, key), unique.message),
        };
      },
    },
  });
}
