import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, ne } from 'drizzle-orm';
import { Type } from 'typebox';
import { label, presetUrl } from '../../contract/rules/catalogue-names';
import {
  AdminPoolPresetSchema,
  IdParamsSchema,
  PoolPresetUpdateSchema,
  PoolPresetWriteSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { changedFields } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { poolPresets } from '../platform/db/schema';
import { conflict, notFound } from '../platform/http/http-errors';
import { changeCatalogue, checkBody, lockRow, trimmed } from './admin-catalogue-helpers';

const RULES = { pool: label(100, 'pool'), url: presetUrl };

const duplicateOf = (url: string) => `A pool preset with url ${url} already exists`;

async function refuseDuplicate(tx: Db, url: string, id?: number) {
  const [other] = await tx
    .select()
    .from(poolPresets)
    .where(and(eq(poolPresets.url, url), id === undefined ? undefined : ne(poolPresets.id, id)));
  if (other) throw conflict(duplicateOf(url));
}

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
  const tags = ['catalogue'];
  const preHandler = app.requireAdmin;
  app.get(
    '/admin/catalogue/pool-presets',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Pool presets, in the order the build form offers them',
        response: { 200: Type.Array(AdminPoolPresetSchema), ...errorResponses(401, 403) },
      },
    },
    () => app.db.select().from(poolPresets).orderBy(asc(poolPresets.id)),
  );

  app.post(
    '/admin/catalogue/pool-presets',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a pool preset',
        body: PoolPresetWriteSchema,
        response: { 201: AdminPoolPresetSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      checkBody(request.body, RULES);
      const row = trimmed(request.body);
      const created = await changeCatalogue(app.db, request, duplicateOf(row.url), async (tx) => {
        await refuseDuplicate(tx, row.url);
        const [inserted] = await tx.insert(poolPresets).values(row).returning();
        const change = {
          action: 'catalogue.create',
          objectType: 'pool_preset',
          objectId: inserted.id,
          after: row,
        } as const;
        return { change, result: inserted };
      });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/admin/catalogue/pool-presets/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Rename a pool preset or change its url',
        params: IdParamsSchema,
        body: PoolPresetUpdateSchema,
        response: { 200: AdminPoolPresetSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      checkBody(request.body, RULES);
      const fields = trimmed(request.body);
      await changeCatalogue(app.db, request, duplicateOf(fields.url ?? ''), async (tx) => {
        const row = await lockRow(tx, poolPresets, eq(poolPresets.id, id), 'Pool preset not found');
        const before = { pool: row.pool, url: row.url };
        const after = { ...before, ...fields };
        if (after.pool === before.pool && after.url === before.url)
          return { change: null, result: undefined };
        if (after.url !== before.url) await refuseDuplicate(tx, after.url, id);
        await tx.update(poolPresets).set(after).where(eq(poolPresets.id, id));
        const change = {
          action: 'catalogue.update',
          objectType: 'pool_preset',
          objectId: id,
          ...changedFields(before, after),
        } as const;
        return { change, result: undefined };
      });
      return oneOf(app.db, id);
    },
  );

  app.delete(
    '/admin/catalogue/pool-presets/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a pool preset',
        params: IdParamsSchema,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await changeCatalogue(app.db, request, 'Pool preset already exists', async (tx) => {
        const row = await lockRow(tx, poolPresets, eq(poolPresets.id, id), 'Pool preset not found');
        const before = { pool: row.pool, url: row.url };
        await tx.delete(poolPresets).where(eq(poolPresets.id, id));
        const change = {
          action: 'catalogue.remove',
          objectType: 'pool_preset',
          objectId: id,
          before,
        } as const;
        return { change, result: undefined };
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminPoolPresetsRoutes;
