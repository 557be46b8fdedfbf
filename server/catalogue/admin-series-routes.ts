import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, eq } from 'drizzle-orm';
import type { Coin } from '../../contract/constants';
import { coin, seriesName } from '../../contract/rules/catalogue-names';
import {
  AdminSeriesSchema,
  SeriesCreateSchema,
  SeriesUpdateSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { builds, partnerFees, series } from '../platform/db/schema';
import { conflict } from '../platform/http/http-errors';
import { checkBody } from './admin-catalogue-helpers';
import { oneIn, refuseQueued } from './catalogue-changes';
import { modelsPerSeries, queueUsage, releasesPerSeries, withCounts } from './catalogue-usage';
import { nameKindRoutes } from './kind-routes';

export async function listAdminSeries(db: Db) {
  const [rows, models, releases, usage] = await Promise.all([
    db.select().from(series).orderBy(series.name),
    modelsPerSeries(db),
    releasesPerSeries(db),
    queueUsage(db),
  ]);
  return withCounts(rows, (row) => row.name, { models, releases, queued_builds: usage.series });
}

/** Series (spec §3): added, blocked and unblocked by admins; a blocked series is hidden from partners. */
const adminSeriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  nameKindRoutes(app, {
    path: '/admin/catalogue/series',
    kind: { table: series, objectType: 'series', noun: 'Series' },
    item: AdminSeriesSchema,
    list: { summary: 'Series, with their models, releases and queued builds counted', rows: listAdminSeries },
    create: {
      summary: 'Add a series',
      body: SeriesCreateSchema,
      rules: { name: seriesName, coin },
      row: (body) => ({
        name: body.name,
        is_blocked: body.is_blocked ?? false,
        ...(body.coin === undefined ? {} : { coin: String(body.coin).trim() as Coin }),
      }),
    },
    update: {
      summary: 'Block or unblock a series, or change the coin it mines',
      description:
        'Blocking a series that queued builds use answers 409 naming how many, unless `confirm` is true: ' +
        'those builds still finish; no new ones are accepted. The coin chooses the pool presets the build ' +
        'form offers for it (issue 37).',
      body: SeriesUpdateSchema,
      change: (body, name) => {
        const { is_blocked, confirm } = body;
        checkBody(body, { coin });
        const fields = {
          ...(is_blocked === undefined ? {} : { is_blocked }),
          ...(body.coin === undefined ? {} : { coin: String(body.coin).trim() as Coin }),
        };
        return {
          audited: (row) => ({ is_blocked: row.is_blocked, coin: row.coin }),
          fields,
          check: async (tx) => {
            if (is_blocked && !confirm)
              await refuseQueued(
                tx,
                eq(builds.series, String(name)),
                `series ${name}`,
                'confirm to block it anyway',
              );
          },
          action: () =>
            is_blocked === undefined
              ? 'catalogue.update'
              : is_blocked
                ? 'catalogue.block'
                : 'catalogue.unblock',
        };
      },
    },
    remove: {
      summary: 'Remove a series that has no models, releases or partner fees',
      check: async (tx, _row, name) => {
        const current = oneIn(await listAdminSeries(tx), (row) => row.name === name, 'Series not found');
        if (current.models > 0)
          throw conflict(
            `Series ${name} has ${current.models} models: remove them first, or block the series`,
          );
        if (current.releases > 0)
          throw conflict(`Series ${name} has ${current.releases} releases: block the series instead`);
        const [fees] = await tx
          .select({ total: count() })
          .from(partnerFees)
          .where(eq(partnerFees.series, String(name)));
        if ((fees?.total ?? 0) > 0)
          throw conflict(`${fees?.total} partners have fees for series ${name}: block the series instead`);
      },
    },
  });
};

export default adminSeriesRoutes;
