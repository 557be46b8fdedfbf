import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, eq } from 'drizzle-orm';
import { seriesName } from '../../contract/rules/catalogue-names';
import {
  AdminSeriesSchema,
  NameParamsSchema,
  SeriesCreateSchema,
  SeriesUpdateSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { builds, partnerFees, series } from '../platform/db/schema';
import { conflict } from '../platform/http/http-errors';
import { adminRoute, answers, checkBody } from './admin-catalogue-helpers';
import {
  type CatalogueKind,
  createEntry,
  oneIn,
  refuseQueued,
  removeEntry,
  updateEntry,
} from './catalogue-changes';
import { modelsPerSeries, queueUsage, releasesPerSeries, withCounts } from './catalogue-usage';

export async function listAdminSeries(db: Db) {
  const [rows, models, releases, usage] = await Promise.all([
    db.select().from(series).orderBy(series.name),
    modelsPerSeries(db),
    releasesPerSeries(db),
    queueUsage(db),
  ]);
  return withCounts(rows, (row) => row.name, { models, releases, queued_builds: usage.series });
}

const SERIES: CatalogueKind<typeof series> = { table: series, objectType: 'series', noun: 'Series' };

const oneOf = async (db: Db, name: string) =>
  oneIn(await listAdminSeries(db), (row) => row.name === name, 'Series not found');

/** Series (spec §3): added, blocked and unblocked by admins; a blocked series is hidden from partners. */
const adminSeriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/catalogue/series',
    adminRoute(app, {
      summary: 'Series, with their models, releases and queued builds counted',
      response: answers.list(AdminSeriesSchema),
    }),
    () => listAdminSeries(app.db),
  );

  app.post(
    '/admin/catalogue/series',
    adminRoute(app, {
      summary: 'Add a series',
      body: SeriesCreateSchema,
      response: answers.created(AdminSeriesSchema),
    }),
    async (request, reply) => {
      checkBody(request.body, { name: seriesName });
      const row = { name: request.body.name, is_blocked: request.body.is_blocked ?? false };
      await createEntry(app.db, request, SERIES, {
        row,
        existing: eq(series.name, row.name),
        duplicate: `Series ${row.name} already exists`,
        objectId: () => row.name,
      });
      return reply.code(201).send(await oneOf(app.db, row.name));
    },
  );

  app.patch(
    '/admin/catalogue/series/:name',
    adminRoute(app, {
      summary: 'Block or unblock a series',
      description:
        'Blocking a series that queued builds use answers 409 naming how many, unless `confirm` is true: ' +
        'those builds still finish; no new ones are accepted.',
      params: NameParamsSchema,
      body: SeriesUpdateSchema,
      response: answers.changed(AdminSeriesSchema),
    }),
    async (request) => {
      const { name } = request.params;
      const { is_blocked, confirm } = request.body;
      await updateEntry(app.db, request, SERIES, {
        where: eq(series.name, name),
        objectId: name,
        audited: (row) => ({ is_blocked: row.is_blocked }),
        fields: { is_blocked },
        check: async (tx) => {
          if (is_blocked && !confirm)
            await refuseQueued(tx, eq(builds.series, name), `series ${name}`, 'confirm to block it anyway');
        },
        action: () => (is_blocked ? 'catalogue.block' : 'catalogue.unblock'),
      });
      return oneOf(app.db, name);
    },
  );

  app.delete(
    '/admin/catalogue/series/:name',
    adminRoute(app, {
      summary: 'Remove a series that has no models, releases or partner fees',
      params: NameParamsSchema,
      response: answers.removed(),
    }),
    async (request, reply) => {
      const { name } = request.params;
      await removeEntry(app.db, request, SERIES, {
        where: eq(series.name, name),
        objectId: name,
        check: async (tx) => {
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
        },
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminSeriesRoutes;
