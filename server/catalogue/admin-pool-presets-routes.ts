import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq, ne } from 'drizzle-orm';
import { label, presetUrl } from '../../contract/rules/catalogue-names';
import {
  AdminPoolPresetSchema,
  IdParamsSchema,
  PoolPresetUpdateSchema,
  PoolPresetWriteSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { poolPresets } from '../platform/db/schema';
import { notFound } from '../platform/http/http-errors';
import { adminRoute, answers, checkBody, trimmed } from './admin-catalogue-helpers';
import { type CatalogueKind, createEntry, removeEntry, uniqueAmong, updateEntry } from './catalogue-changes';

const RULES = { pool: label(100, 'pool'), url: presetUrl };

const PRESETS: CatalogueKind<typeof poolPresets> = {
  table: poolPresets,
  objectType: 'pool_preset',
  noun: 'Pool preset',
};

const duplicateOf = (url: string) => `A pool preset with url ${url} already exists`;
const audited = (row: { pool: string; url: string }) => ({ pool: row.pool, url: row.url });

async function oneOf(db: Db, id: number) {
  const [row] = await db.select().from(poolPresets).where(eq(poolPresets.id, id));
  if (!row) throw notFound('Pool preset not found');
  return row;
}

/**
 * The pools the build form's pool slots offer (GET /client/pool-url). A build keeps the url it was made with,
 * so a preset can always be changed or removed.
 */
const adminPoolPresetsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/catalogue/pool-presets',
    adminRoute(app, {
      summary: 'Pool presets, in the order the build form offers them',
      response: answers.list(AdminPoolPresetSchema),
    }),
    () => app.db.select().from(poolPresets).orderBy(asc(poolPresets.id)),
  );

  app.post(
    '/admin/catalogue/pool-presets',
    adminRoute(app, {
      summary: 'Add a pool preset',
      body: PoolPresetWriteSchema,
      response: answers.created(AdminPoolPresetSchema),
    }),
    async (request, reply) => {
      checkBody(request.body, RULES);
      const row = trimmed(request.body);
      const created = await createEntry(app.db, request, PRESETS, {
        row,
        existing: eq(poolPresets.url, row.url),
        duplicate: duplicateOf(row.url),
        objectId: (inserted) => inserted.id,
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/admin/catalogue/pool-presets/:id',
    adminRoute(app, {
      summary: 'Rename a pool preset or change its url',
      params: IdParamsSchema,
      body: PoolPresetUpdateSchema,
      response: answers.changed(AdminPoolPresetSchema),
    }),
    async (request) => {
      const { id } = request.params;
      checkBody(request.body, RULES);
      const fields = trimmed(request.body);
      await updateEntry(app.db, request, PRESETS, {
        where: eq(poolPresets.id, id),
        objectId: id,
        audited,
        fields,
        duplicate: duplicateOf(fields.url ?? ''),
        check: uniqueAmong(poolPresets, 'url', poolPresets.url, ne(poolPresets.id, id), duplicateOf),
      });
      return oneOf(app.db, id);
    },
  );

  app.delete(
    '/admin/catalogue/pool-presets/:id',
    adminRoute(app, {
      summary: 'Remove a pool preset',
      params: IdParamsSchema,
      response: answers.removed([404]),
    }),
    async (request, reply) => {
      const { id } = request.params;
      await removeEntry(app.db, request, PRESETS, { where: eq(poolPresets.id, id), objectId: id, audited });
      return reply.code(204).send(null);
    },
  );
};

export default adminPoolPresetsRoutes;
