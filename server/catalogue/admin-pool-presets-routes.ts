import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { CATALOGUE_MAX, coin, label, presetUrl } from '../../contract/rules/catalogue-names';
import {
  AdminPoolPresetSchema,
  PoolPresetUpdateSchema,
  PoolPresetWriteSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { poolPresets } from '../platform/db/schema';
import { idKindRoutes } from './kind-routes';

/**
 * The pools the build form's pool slots offer (GET /client/pool-url). A build keeps the url it was made with,
 * so a preset can always be changed or removed.
 */
const adminPoolPresetsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  idKindRoutes(app, {
    path: '/admin/catalogue/pool-presets',
    kind: { table: poolPresets, objectType: 'pool_preset', noun: 'Pool preset' },
    item: AdminPoolPresetSchema,
    rules: { pool: label(CATALOGUE_MAX.label, 'pool'), url: presetUrl, coin },
    unique: {
      field: 'url',
      column: poolPresets.url,
      message: (url) => `A pool preset with url ${url} already exists`,
    },
    audited: (row) => ({ pool: row.pool, url: row.url, coin: row.coin }),
    list: {
      summary: 'Pool presets, in the order the build form offers them',
      rows: (db) => db.select().from(poolPresets).orderBy(asc(poolPresets.id)),
    },
    create: { summary: 'Add a pool preset', body: PoolPresetWriteSchema },
    update: { summary: 'Rename a pool preset or change its url or coin', body: PoolPresetUpdateSchema },
    remove: { summary: 'Remove a pool preset', refusals: [404] },
  });
};

export default adminPoolPresetsRoutes;
