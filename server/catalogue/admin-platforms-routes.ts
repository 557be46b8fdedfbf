import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { catalogueCode, description } from '../../contract/rules/catalogue-names';
import {
  AdminInstallTypeSchema,
  AdminPlatformSchema,
  InstallTypeCreateSchema,
  PlatformCreateSchema,
  PlatformUpdateSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { builds, installTypes, platforms } from '../platform/db/schema';
import { checkBody } from './admin-catalogue-helpers';
import { combinationsPer, queueUsage, withCounts } from './catalogue-usage';
import { nameKindRoutes } from './kind-routes';

export async function listAdminPlatforms(db: Db) {
  const [rows, combinations, usage] = await Promise.all([
    db.select().from(platforms).orderBy(platforms.name),
    combinationsPer(db, 'platform'),
    queueUsage(db),
  ]);
  return withCounts(rows, (row) => row.name, { combinations, queued_builds: usage.platform });
}

export async function listAdminInstallTypes(db: Db) {
  const [rows, combinations, usage] = await Promise.all([
    db.select().from(installTypes).orderBy(installTypes.name),
    combinationsPer(db, 'install_type'),
    queueUsage(db),
  ]);
  return withCounts(rows, (row) => row.name, { combinations, queued_builds: usage.install_type });
}

/** Control boards ("platforms") and install types: added, described, and removed while no queued build uses them. */
const adminPlatformsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  nameKindRoutes(app, {
    path: '/admin/catalogue/platforms',
    kind: { table: platforms, objectType: 'platform', noun: 'Platform' },
    item: AdminPlatformSchema,
    list: {
      summary: 'Platforms (control boards), with their combinations and queued builds counted',
      rows: listAdminPlatforms,
    },
    create: {
      summary: 'Add a platform',
      body: PlatformCreateSchema,
      rules: { name: catalogueCode, description },
      row: (body) => ({
        name: body.name,
        description: (body.description as string | undefined)?.trim() ?? '',
      }),
    },
    update: {
      summary: "Change a platform's description",
      body: PlatformUpdateSchema,
      refusals: [404, 422],
      change: (body) => {
        checkBody(body, { description });
        return {
          audited: (row) => ({ description: row.description }),
          fields: { description: String(body.description).trim() },
        };
      },
    },
    remove: {
      summary: 'Remove a platform and its combinations, while no queued build uses it',
      queued: builds.platform,
    },
  });

  nameKindRoutes(app, {
    path: '/admin/catalogue/install-types',
    kind: { table: installTypes, objectType: 'install_type', noun: 'Install type' },
    item: AdminInstallTypeSchema,
    list: {
      summary: 'Install types, with their combinations and queued builds counted',
      rows: listAdminInstallTypes,
    },
    create: {
      summary: 'Add an install type',
      body: InstallTypeCreateSchema,
      rules: { name: catalogueCode },
      row: (body) => ({ name: body.name }),
    },
    remove: {
      summary: 'Remove an install type and its combinations, while no queued build uses it',
      queued: builds.install_type,
    },
  });
};

export default adminPlatformsRoutes;
