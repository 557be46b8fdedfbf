import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { combinationKey } from '../../contract/rules/catalogue';
import {
  AdminCombinationSchema,
  CombinationCreateSchema,
  CombinationParamsSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { builds, installTypes, modelPlatformInstallTypes, models, platforms } from '../platform/db/schema';
import { created as createdAt } from '../platform/http/created';
import { ValidationFailedError } from '../platform/http/validation-errors';
import { adminRoute, answers } from './admin-catalogue-helpers';
import { type CatalogueKind, createEntry, oneIn, refuseQueued, removeEntry } from './catalogue-changes';
import { queueUsage } from './catalogue-usage';

const COMBINATIONS: CatalogueKind<typeof modelPlatformInstallTypes> = {
  table: modelPlatformInstallTypes,
  objectType: 'model_platform',
  noun: 'Combination',
};

type Key = { model: string; platform: string; install_type: string };

export async function listAdminCombinations(db: Db) {
  const t = modelPlatformInstallTypes;
  const [rows, usage] = await Promise.all([
    db
      .select({ model: t.model, platform: t.platform, install_type: t.install_type, series: models.series })
      .from(t)
      .innerJoin(models, eq(models.name, t.model))
      .orderBy(models.series, t.model, t.platform, t.install_type),
    queueUsage(db),
  ]);
  return rows.map((row) => ({
    ...row,
    queued_builds: usage.combination.get(`${row.model}\u0000${row.platform}\u0000${row.install_type}`) ?? 0,
  }));
}

const matches = ({ model, platform, install_type }: Key) =>
  and(
    eq(modelPlatformInstallTypes.model, model),
    eq(modelPlatformInstallTypes.platform, platform),
    eq(modelPlatformInstallTypes.install_type, install_type),
  );

/** 422 naming each part of the combination the catalogue does not have. */
async function requireParts(tx: Db, key: Key) {
  const [model, platform, installType] = await Promise.all([
    tx.select().from(models).where(eq(models.name, key.model)),
    tx.select().from(platforms).where(eq(platforms.name, key.platform)),
    tx.select().from(installTypes).where(eq(installTypes.name, key.install_type)),
  ]);
  const issues = [
    model.length ? null : { loc: ['body', 'model'], msg: `Unknown model ${key.model}` },
    platform.length ? null : { loc: ['body', 'platform'], msg: `Unknown platform ${key.platform}` },
    installType.length
      ? null
      : { loc: ['body', 'install_type'], msg: `Unknown install type ${key.install_type}` },
  ].filter((issue) => issue !== null);
  if (issues.length > 0) throw new ValidationFailedError(issues);
}

/** Which model is built for which platform with which install type (spec §3 modelsPlatformInstallType). */
const adminCombinationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/catalogue/combinations',
    adminRoute(app, {
      summary: 'Model, platform and install type combinations, with their series and queued builds',
      response: answers.list(AdminCombinationSchema),
    }),
    () => listAdminCombinations(app.db),
  );

  app.post(
    '/admin/catalogue/combinations',
    adminRoute(app, {
      summary: 'Add a combination of an existing model, platform and install type',
      body: CombinationCreateSchema,
      response: answers.created(AdminCombinationSchema),
    }),
    async (request, reply) => {
      const key = request.body;
      await createEntry(app.db, request, COMBINATIONS, {
        row: key,
        existing: matches(key),
        duplicate: `Combination ${combinationKey(key)} already exists`,
        objectId: () => combinationKey(key),
        check: (tx) => requireParts(tx, key),
      });
      const rows = await listAdminCombinations(app.db);
      const created = oneIn(
        rows,
        (row) => combinationKey(row) === combinationKey(key),
        'Combination not found',
      );
      return createdAt(reply, [
        'admin',
        'catalogue',
        'combinations',
        created.model,
        created.platform,
        created.install_type,
      ]).send(created);
    },
  );

  app.delete(
    '/admin/catalogue/combinations/:model/:platform/:install_type',
    adminRoute(app, {
      summary: 'Remove a combination, while no queued build uses it',
      params: CombinationParamsSchema,
      response: answers.removed(),
    }),
    async (request, reply) => {
      const key = request.params;
      await removeEntry(app.db, request, COMBINATIONS, {
        where: matches(key),
        objectId: combinationKey(key),
        check: (tx) =>
          refuseQueued(
            tx,
            and(
              eq(builds.model, key.model),
              eq(builds.platform, key.platform),
              eq(builds.install_type, key.install_type),
            ),
            `combination ${combinationKey(key)}`,
            'remove it once they are built',
          ),
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminCombinationsRoutes;
