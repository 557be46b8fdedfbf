import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { modelName, seriesName } from '../../contract/rules/catalogue-names';
import {
  AdminModelSchema,
  ModelCreateSchema,
  ModelUpdateSchema,
  NameParamsSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { builds, models, series } from '../platform/db/schema';
import { conflict } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import { adminRoute, answers, checkBody } from './admin-catalogue-helpers';
import {
  type CatalogueKind,
  createEntry,
  oneIn,
  refuseQueued,
  removeEntry,
  updateEntry,
} from './catalogue-changes';
import { allBuilds, buildsPerModel, combinationsPer, queueUsage, withCounts } from './catalogue-usage';

export async function listAdminModels(db: Db) {
  const [rows, combinations, made, usage] = await Promise.all([
    db.select().from(models).orderBy(models.series, models.name),
    combinationsPer(db, 'model'),
    buildsPerModel(db),
    queueUsage(db),
  ]);
  return withCounts(rows, (row) => row.name, { combinations, builds: made, queued_builds: usage.model });
}

const MODELS: CatalogueKind<typeof models> = { table: models, objectType: 'model', noun: 'Model' };

const oneOf = async (db: Db, name: string) =>
  oneIn(await listAdminModels(db), (row) => row.name === name, 'Model not found');

async function requireSeries(tx: Db, name: string) {
  const [row] = await tx.select().from(series).where(eq(series.name, name));
  if (!row) throw invalid(['body', 'series'], `Unknown series ${name}`);
}

/** Miner models (spec §3): added, moved to another series, blocked, and removed while no build names them. */
const adminModelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/catalogue/models',
    adminRoute(app, {
      summary: 'Models, with their combinations, builds and queued builds counted',
      response: answers.list(AdminModelSchema),
    }),
    () => listAdminModels(app.db),
  );

  app.post(
    '/admin/catalogue/models',
    adminRoute(app, {
      summary: 'Add a model to a series',
      body: ModelCreateSchema,
      response: answers.created(AdminModelSchema),
    }),
    async (request, reply) => {
      checkBody(request.body, { name: modelName, series: seriesName });
      const row = { ...request.body, is_blocked: request.body.is_blocked ?? false };
      await createEntry(app.db, request, MODELS, {
        row,
        existing: eq(models.name, row.name),
        duplicate: `Model ${row.name} already exists`,
        objectId: () => row.name,
        check: (tx) => requireSeries(tx, row.series),
      });
      return reply.code(201).send(await oneOf(app.db, row.name));
    },
  );

  app.patch(
    '/admin/catalogue/models/:name',
    adminRoute(app, {
      summary: 'Block, unblock or move a model to another series',
      description:
        'Moving a model that queued builds use answers 409. Blocking one answers 409 naming how many ' +
        'queued builds use it, unless `confirm` is true.',
      params: NameParamsSchema,
      body: ModelUpdateSchema,
      response: answers.changed(AdminModelSchema),
    }),
    async (request) => {
      const { name } = request.params;
      const { confirm, ...fields } = request.body;
      checkBody(fields, { series: seriesName });
      await updateEntry(app.db, request, MODELS, {
        where: eq(models.name, name),
        objectId: name,
        audited: (row) => ({ series: row.series, is_blocked: row.is_blocked }),
        fields,
        check: async (tx, before, after) => {
          const moved = after.series !== before.series;
          if (moved) await requireSeries(tx, after.series);
          if (moved || (after.is_blocked && !before.is_blocked && !confirm)) {
            const advice = moved ? 'move it once they are built' : 'confirm to block it anyway';
            await refuseQueued(tx, eq(builds.model, name), `model ${name}`, advice);
          }
        },
        action: (before, after) =>
          after.series !== before.series
            ? 'catalogue.update'
            : after.is_blocked
              ? 'catalogue.block'
              : 'catalogue.unblock',
      });
      return oneOf(app.db, name);
    },
  );

  app.delete(
    '/admin/catalogue/models/:name',
    adminRoute(app, {
      summary: 'Remove a model no build was made for, with its combinations',
      params: NameParamsSchema,
      response: answers.removed(),
    }),
    async (request, reply) => {
      const { name } = request.params;
      await removeEntry(app.db, request, MODELS, {
        where: eq(models.name, name),
        objectId: name,
        check: async (tx) => {
          await refuseQueued(tx, eq(builds.model, name), `model ${name}`, 'remove it once they are built');
          const made = await allBuilds(tx, eq(builds.model, name));
          if (made > 0) throw conflict(`${made} builds were made for model ${name}: block it instead`);
        },
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminModelsRoutes;
