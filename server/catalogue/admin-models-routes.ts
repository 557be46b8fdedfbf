import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { modelName, seriesName } from '../../contract/rules/catalogue-names';
import {
  AdminModelSchema,
  ModelCreateSchema,
  ModelUpdateSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { builds, models, series } from '../platform/db/schema';
import { conflict } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import { checkBody } from './admin-catalogue-helpers';
import { refuseQueued } from './catalogue-changes';
import { allBuilds, buildsPerModel, combinationsPer, queueUsage, withCounts } from './catalogue-usage';
import { nameKindRoutes } from './kind-routes';

export async function listAdminModels(db: Db) {
  const [rows, combinations, made, usage] = await Promise.all([
    db.select().from(models).orderBy(models.series, models.name),
    combinationsPer(db, 'model'),
    buildsPerModel(db),
    queueUsage(db),
  ]);
  return withCounts(rows, (row) => row.name, { combinations, builds: made, queued_builds: usage.model });
}

async function requireSeries(tx: Db, name: string) {
  const [row] = await tx.select().from(series).where(eq(series.name, name));
  if (!row) throw invalid(['body', 'series'], `Unknown series ${name}`);
}

/** Miner models (spec §3): added, moved to another series, blocked, and removed while no build names them. */
const adminModelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  nameKindRoutes(app, {
    path: '/admin/catalogue/models',
    kind: { table: models, objectType: 'model', noun: 'Model' },
    item: AdminModelSchema,
    list: {
      summary: 'Models, with their combinations, builds and queued builds counted',
      rows: listAdminModels,
    },
    create: {
      summary: 'Add a model to a series',
      body: ModelCreateSchema,
      rules: { name: modelName, series: seriesName },
      row: (body) => ({ ...body, is_blocked: body.is_blocked ?? false }),
      check: (tx, row) => requireSeries(tx, String(row.series)),
    },
    update: {
      summary: 'Block, unblock or move a model to another series',
      description:
        'Moving a model that queued builds use answers 409. Blocking one answers 409 naming how many ' +
        'queued builds use it, unless `confirm` is true.',
      body: ModelUpdateSchema,
      change: (body, key) => {
        const name = String(key);
        const { confirm, ...fields } = body;
        checkBody(fields, { series: seriesName });
        return {
          audited: (row) => ({ series: row.series, is_blocked: row.is_blocked }),
          fields,
          check: async (tx, before, after) => {
            const moved = after.series !== before.series;
            if (moved) await requireSeries(tx, String(after.series));
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
        };
      },
    },
    remove: {
      summary: 'Remove a model no build was made for, with its combinations',
      queued: builds.model,
      check: async (tx, _row, key) => {
        const name = String(key);
        const made = await allBuilds(tx, eq(builds.model, name));
        if (made > 0) throw conflict(`${made} builds were made for model ${name}: block it instead`);
      },
    },
  });
};

export default adminModelsRoutes;
