import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { combinationKey } from '../../contract/rules/catalogue';
import {
  AdminCombinationSchema,
  CombinationCreateSchema,
  CombinationParamsSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import type { Db } from '../platform/db/client';
import { builds, installTypes, modelPlatformInstallTypes, models, platforms } from '../platform/db/schema';
import { conflict, notFound } from '../platform/http/http-errors';
import { ValidationFailedError } from '../platform/http/validation-errors';
import { changeCatalogue, lockRow, queuedConflict } from './admin-catalogue-helpers';
import { queuedBuilds, queueUsage } from './catalogue-usage';

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
  const tags = ['catalogue'];
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/catalogue/combinations',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Model, platform and install type combinations, with their series and queued builds',
        response: { 200: Type.Array(AdminCombinationSchema), ...errorResponses(401, 403) },
      },
    },
    () => listAdminCombinations(app.db),
  );

  app.post(
    '/admin/catalogue/combinations',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a combination of an existing model, platform and install type',
        body: CombinationCreateSchema,
        response: { 201: AdminCombinationSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const key = request.body;
      const duplicate = `Combination ${combinationKey(key)} already exists`;
      await changeCatalogue(app.db, request, duplicate, async (tx) => {
        await requireParts(tx, key);
        const [existing] = await tx.select().from(modelPlatformInstallTypes).where(matches(key));
        if (existing) throw conflict(duplicate);
        await tx.insert(modelPlatformInstallTypes).values(key);
        const change = {
          action: 'catalogue.create',
          objectType: 'model_platform',
          objectId: combinationKey(key),
          after: key,
        } as const;
        return { change, result: undefined };
      });
      const rows = await listAdminCombinations(app.db);
      const created = rows.find((row) => combinationKey(row) === combinationKey(key));
      if (!created) throw notFound('Combination not found');
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/admin/catalogue/combinations/:model/:platform/:install_type',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a combination, while no queued build uses it',
        params: CombinationParamsSchema,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const key = request.params;
      await changeCatalogue(app.db, request, 'Combination already exists', async (tx) => {
        const before = await lockRow(tx, modelPlatformInstallTypes, matches(key), 'Combination not found');
        const queued = await queuedBuilds(
          tx,
          and(
            eq(builds.model, key.model),
            eq(builds.platform, key.platform),
            eq(builds.install_type, key.install_type),
          ),
        );
        if (queued > 0)
          throw queuedConflict(queued, `combination ${combinationKey(key)}`, 'remove it once they are built');
        await tx.delete(modelPlatformInstallTypes).where(matches(key));
        const change = {
          action: 'catalogue.remove',
          objectType: 'model_platform',
          objectId: combinationKey(key),
          before,
        } as const;
        return { change, result: undefined };
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminCombinationsRoutes;
