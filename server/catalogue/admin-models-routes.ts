import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { modelName, seriesName } from '../../contract/rules/catalogue-names';
import {
  AdminModelSchema,
  ModelCreateSchema,
  ModelUpdateSchema,
  NameParamsSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { changedFields } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { builds, models, series } from '../platform/db/schema';
import { conflict, notFound } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import { changeCatalogue, checkBody, lockRow, queuedConflict } from './admin-catalogue-helpers';
import { allBuilds, buildsPerModel, combinationsPer, queuedBuilds, queueUsage } from './catalogue-usage';

export async function listAdminModels(db: Db) {
  const [rows, combinations, made, usage] = await Promise.all([
    db.select().from(models).orderBy(models.series, models.name),
    combinationsPer(db, 'model'),
    buildsPerModel(db),
    queueUsage(db),
  ]);
  return rows.map((row) => ({
    ...row,
    combinations: combinations.get(row.name) ?? 0,
    builds: made.get(row.name) ?? 0,
    queued_builds: usage.model.get(row.name) ?? 0,
  }));
}

const oneOf = async (db: Db, name: string) => {
  const found = (await listAdminModels(db)).find((row) => row.name === name);
  if (!found) throw notFound('Model not found');
  return found;
};

async function requireSeries(tx: Db, name: string) {
  const [row] = await tx.select().from(series).where(eq(series.name, name));
  if (!row) throw invalid(['body', 'series'], `Unknown series ${name}`);
}

const lockModel = (tx: Db, name: string) => lockRow(tx, models, eq(models.name, name), 'Model not found');

/** Miner models (spec §3): added, moved to another series, blocked, and removed while no build names them. */
const adminModelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalogue'];
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/catalogue/models',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Models, with their combinations, builds and queued builds counted',
        response: { 200: Type.Array(AdminModelSchema), ...errorResponses(401, 403) },
      },
    },
    () => listAdminModels(app.db),
  );

  app.post(
    '/admin/catalogue/models',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a model to a series',
        body: ModelCreateSchema,
        response: { 201: AdminModelSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      checkBody(request.body, { name: modelName, series: seriesName });
      const row = { ...request.body, is_blocked: request.body.is_blocked ?? false };
      const duplicate = `Model ${row.name} already exists`;
      await changeCatalogue(app.db, request, duplicate, async (tx) => {
        await requireSeries(tx, row.series);
        const [existing] = await tx.select().from(models).where(eq(models.name, row.name));
        if (existing) throw conflict(duplicate);
        await tx.insert(models).values(row);
        const change = {
          action: 'catalogue.create',
          objectType: 'model',
          objectId: row.name,
          after: row,
        } as const;
        return { change, result: undefined };
      });
      return reply.code(201).send(await oneOf(app.db, row.name));
    },
  );

  app.patch(
    '/admin/catalogue/models/:name',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Block, unblock or move a model to another series',
        description:
          'Moving a model that queued builds use answers 409. Blocking one answers 409 naming how many ' +
          'queued builds use it, unless `confirm` is true.',
        params: NameParamsSchema,
        body: ModelUpdateSchema,
        response: { 200: AdminModelSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { name } = request.params;
      const { confirm, ...fields } = request.body;
      checkBody(fields, { series: seriesName });
      await changeCatalogue(app.db, request, 'Model already exists', async (tx) => {
        const before = await lockModel(tx, name);
        const after = { ...before, ...fields };
        const moved = after.series !== before.series;
        const blocking = after.is_blocked && !before.is_blocked;
        if (!moved && after.is_blocked === before.is_blocked) return { change: null, result: undefined };
        if (moved) await requireSeries(tx, after.series);
        if (moved || (blocking && !confirm)) {
          const queued = await queuedBuilds(tx, eq(builds.model, name));
          if (queued > 0 && moved)
            throw queuedConflict(queued, `model ${name}`, 'move it once they are built');
          if (queued > 0) throw queuedConflict(queued, `model ${name}`, 'confirm to block it anyway');
        }
        await tx.update(models).set(fields).where(eq(models.name, name));
        const action = moved ? 'catalogue.update' : blocking ? 'catalogue.block' : 'catalogue.unblock';
        const change = {
          action,
          objectType: 'model',
          objectId: name,
          ...changedFields(before, after),
        } as const;
        return { change, result: undefined };
      });
      return oneOf(app.db, name);
    },
  );

  app.delete(
    '/admin/catalogue/models/:name',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a model no build was made for, with its combinations',
        params: NameParamsSchema,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      await changeCatalogue(app.db, request, 'Model already exists', async (tx) => {
        const before = await lockModel(tx, name);
        const queued = await queuedBuilds(tx, eq(builds.model, name));
        if (queued > 0) throw queuedConflict(queued, `model ${name}`, 'remove it once they are built');
        const made = await allBuilds(tx, eq(builds.model, name));
        if (made > 0) throw conflict(`${made} builds were made for model ${name}: block it instead`);
        await tx.delete(models).where(eq(models.name, name));
        const change = { action: 'catalogue.remove', objectType: 'model', objectId: name, before } as const;
        return { change, result: undefined };
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminModelsRoutes;
