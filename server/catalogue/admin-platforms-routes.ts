import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { catalogueCode, description } from '../../contract/rules/catalogue-names';
import {
  AdminInstallTypeSchema,
  AdminPlatformSchema,
  InstallTypeCreateSchema,
  NameParamsSchema,
  PlatformCreateSchema,
  PlatformUpdateSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import type { Db } from '../platform/db/client';
import { builds, installTypes, platforms } from '../platform/db/schema';
import { adminRoute, answers, checkBody } from './admin-catalogue-helpers';
import {
  type CatalogueKind,
  createEntry,
  oneIn,
  refuseQueued,
  removeEntry,
  updateEntry,
} from './catalogue-changes';
import { combinationsPer, queueUsage, withCounts } from './catalogue-usage';

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

const PLATFORMS: CatalogueKind<typeof platforms> = {
  table: platforms,
  objectType: 'platform',
  noun: 'Platform',
};
const INSTALL_TYPES: CatalogueKind<typeof installTypes> = {
  table: installTypes,
  objectType: 'install_type',
  noun: 'Install type',
};

const found = <T extends { name: string }>(rows: T[], name: string, what: string) =>
  oneIn(rows, (row) => row.name === name, `${what} not found`);

/** Control boards ("platforms") and install types: added, described, and removed while no queued build uses them. */
const adminPlatformsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/catalogue/platforms',
    adminRoute(app, {
      summary: 'Platforms (control boards), with their combinations and queued builds counted',
      response: answers.list(AdminPlatformSchema),
    }),
    () => listAdminPlatforms(app.db),
  );

  app.post(
    '/admin/catalogue/platforms',
    adminRoute(app, {
      summary: 'Add a platform',
      body: PlatformCreateSchema,
      response: answers.created(AdminPlatformSchema),
    }),
    async (request, reply) => {
      checkBody(request.body, { name: catalogueCode, description });
      const row = { name: request.body.name, description: request.body.description?.trim() ?? '' };
      await createEntry(app.db, request, PLATFORMS, {
        row,
        existing: eq(platforms.name, row.name),
        duplicate: `Platform ${row.name} already exists`,
        objectId: () => row.name,
      });
      return reply.code(201).send(found(await listAdminPlatforms(app.db), row.name, 'Platform'));
    },
  );

  app.patch(
    '/admin/catalogue/platforms/:name',
    adminRoute(app, {
      summary: "Change a platform's description",
      params: NameParamsSchema,
      body: PlatformUpdateSchema,
      response: answers.changed(AdminPlatformSchema, [404, 422]),
    }),
    async (request) => {
      const { name } = request.params;
      checkBody(request.body, { description });
      const text = request.body.description.trim();
      await updateEntry(app.db, request, PLATFORMS, {
        where: eq(platforms.name, name),
        objectId: name,
        audited: (row) => ({ description: row.description }),
        fields: { description: text },
      });
      return found(await listAdminPlatforms(app.db), name, 'Platform');
    },
  );

  app.delete(
    '/admin/catalogue/platforms/:name',
    adminRoute(app, {
      summary: 'Remove a platform and its combinations, while no queued build uses it',
      params: NameParamsSchema,
      response: answers.removed(),
    }),
    async (request, reply) => {
      const { name } = request.params;
      await removeEntry(app.db, request, PLATFORMS, {
        where: eq(platforms.name, name),
        objectId: name,
        check: (tx) =>
          refuseQueued(tx, eq(builds.platform, name), `platform ${name}`, 'remove it once they are built'),
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/catalogue/install-types',
    adminRoute(app, {
      summary: 'Install types, with their combinations and queued builds counted',
      response: answers.list(AdminInstallTypeSchema),
    }),
    () => listAdminInstallTypes(app.db),
  );

  app.post(
    '/admin/catalogue/install-types',
    adminRoute(app, {
      summary: 'Add an install type',
      body: InstallTypeCreateSchema,
      response: answers.created(AdminInstallTypeSchema),
    }),
    async (request, reply) => {
      checkBody(request.body, { name: catalogueCode });
      const { name } = request.body;
      await createEntry(app.db, request, INSTALL_TYPES, {
        row: { name },
        existing: eq(installTypes.name, name),
        duplicate: `Install type ${name} already exists`,
        objectId: () => name,
      });
      return reply.code(201).send(found(await listAdminInstallTypes(app.db), name, 'Install type'));
    },
  );

  app.delete(
    '/admin/catalogue/install-types/:name',
    adminRoute(app, {
      summary: 'Remove an install type and its combinations, while no queued build uses it',
      params: NameParamsSchema,
      response: answers.removed(),
    }),
    async (request, reply) => {
      const { name } = request.params;
      await removeEntry(app.db, request, INSTALL_TYPES, {
        where: eq(installTypes.name, name),
        objectId: name,
        check: (tx) =>
          refuseQueued(
            tx,
            eq(builds.install_type, name),
            `install type ${name}`,
            'remove it once they are built',
          ),
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminPlatformsRoutes;
