import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { seriesName } from '../../contract/rules/catalogue-names';
import {
  AdminSeriesSchema,
  NameParamsSchema,
  SeriesCreateSchema,
  SeriesUpdateSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import type { Db } from '../platform/db/client';
import { builds, partnerFees, series } from '../platform/db/schema';
import { conflict, notFound } from '../platform/http/http-errors';
import { changeCatalogue, checkBody, lockRow, queuedConflict } from './admin-catalogue-helpers';
import { modelsPerSeries, queuedBuilds, queueUsage, releasesPerSeries } from './catalogue-usage';

export async function listAdminSeries(db: Db) {
  const [rows, models, releases, usage] = await Promise.all([
    db.select().from(series).orderBy(series.name),
    modelsPerSeries(db),
    releasesPerSeries(db),
    queueUsage(db),
  ]);
  return rows.map((row) => ({
    ...row,
    models: models.get(row.name) ?? 0,
    releases: releases.get(row.name) ?? 0,
    queued_builds: usage.series.get(row.name) ?? 0,
  }));
}

const oneOf = async (db: Db, name: string) => {
  const found = (await listAdminSeries(db)).find((row) => row.name === name);
  if (!found) throw notFound('Series not found');
  return found;
};

const lockSeries = (tx: Db, name: string) => lockRow(tx, series, eq(series.name, name), 'Series not found');

/** Series (spec §3): added, blocked and unblocked by admins; a blocked series is hidden from partners. */
const adminSeriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalogue'];
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/catalogue/series',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Series, with their models, releases and queued builds counted',
        response: { 200: Type.Array(AdminSeriesSchema), ...errorResponses(401, 403) },
      },
    },
    () => listAdminSeries(app.db),
  );

  app.post(
    '/admin/catalogue/series',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a series',
        body: SeriesCreateSchema,
        response: { 201: AdminSeriesSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      checkBody(request.body, { name: seriesName });
      const row = { name: request.body.name, is_blocked: request.body.is_blocked ?? false };
      const duplicate = `Series ${row.name} already exists`;
      await changeCatalogue(app.db, request, duplicate, async (tx) => {
        const [existing] = await tx.select().from(series).where(eq(series.name, row.name));
        if (existing) throw conflict(duplicate);
        await tx.insert(series).values(row);
        const change = {
          action: 'catalogue.create',
          objectType: 'series',
          objectId: row.name,
          after: row,
        } as const;
        return { change, result: undefined };
      });
      return reply.code(201).send(await oneOf(app.db, row.name));
    },
  );

  app.patch(
    '/admin/catalogue/series/:name',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Block or unblock a series',
        description:
          'Blocking a series that queued builds use answers 409 naming how many, unless `confirm` is true: ' +
          'those builds still finish; no new ones are accepted.',
        params: NameParamsSchema,
        body: SeriesUpdateSchema,
        response: { 200: AdminSeriesSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { name } = request.params;
      const { is_blocked, confirm } = request.body;
      await changeCatalogue(app.db, request, 'Series already exists', async (tx) => {
        const before = await lockSeries(tx, name);
        if (before.is_blocked === is_blocked) return { change: null, result: undefined };
        if (is_blocked && !confirm) {
          const queued = await queuedBuilds(tx, eq(builds.series, name));
          if (queued > 0) throw queuedConflict(queued, `series ${name}`, 'confirm to block it anyway');
        }
        await tx.update(series).set({ is_blocked }).where(eq(series.name, name));
        const change = {
          action: is_blocked ? 'catalogue.block' : 'catalogue.unblock',
          objectType: 'series',
          objectId: name,
          before: { is_blocked: before.is_blocked },
          after: { is_blocked },
        } as const;
        return { change, result: undefined };
      });
      return oneOf(app.db, name);
    },
  );

  app.delete(
    '/admin/catalogue/series/:name',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a series that has no models, releases or partner fees',
        params: NameParamsSchema,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      await changeCatalogue(app.db, request, 'Series already exists', async (tx) => {
        const before = await lockSeries(tx, name);
        const current = await oneOf(tx, name);
        if (current.models > 0)
          throw conflict(
            `Series ${name} has ${current.models} models: remove them first, or block the series`,
          );
        if (current.releases > 0)
          throw conflict(`Series ${name} has ${current.releases} releases: block the series instead`);
        const [fees] = await tx
          .select({ total: count() })
          .from(partnerFees)
          .where(eq(partnerFees.series, name));
        if ((fees?.total ?? 0) > 0)
          throw conflict(`${fees?.total} partners have fees for series ${name}: block the series instead`);
        await tx.delete(series).where(eq(series.name, name));
        const change = { action: 'catalogue.remove', objectType: 'series', objectId: name, before } as const;
        return { change, result: undefined };
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminSeriesRoutes;
