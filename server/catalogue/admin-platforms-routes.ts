import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { catalogueCode, description } from '../../contract/rules/catalogue-names';
import {
  AdminInstallTypeSchema,
  AdminPlatformSchema,
  InstallTypeCreateSchema,
  NameParamsSchema,
  PlatformCreateSchema,
  PlatformUpdateSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import type { Db } from '../platform/db/client';
import { builds, installTypes, platforms } from '../platform/db/schema';
import { conflict, notFound } from '../platform/http/http-errors';
import { changeCatalogue, checkBody, lockRow, queuedConflict } from './admin-catalogue-helpers';
import { combinationsPer, queuedBuilds, queueUsage } from './catalogue-usage';

export async function listAdminPlatforms(db: Db) {
  const [rows, combinations, usage] = await Promise.all([
    db.select().from(platforms).orderBy(platforms.name),
    combinationsPer(db, 'platform'),
    queueUsage(db),
  ]);
  return rows.map((row) => ({
    ...row,
    combinations: combinations.get(row.name) ?? 0,
    queued_builds: usage.platform.get(row.name) ?? 0,
  }));
}

export async function listAdminInstallTypes(db: Db) {
  const [rows, combinations, usage] = await Promise.all([
    db.select().from(installTypes).orderBy(installTypes.name),
    combinationsPer(db, 'install_type'),
    queueUsage(db),
  ]);
  return rows.map((row) => ({
    ...row,
    combinations: combinations.get(row.name) ?? 0,
    queued_builds: usage.install_type.get(row.name) ?? 0,
  }));
}

const found = <T extends { name: string }>(rows: T[], name: string, what: string) => {
  const row = rows.find((r) => r.name === name);
  if (!row) throw notFound(`${what} not found`);
  return row;
};

/** Control boards ("platforms") and install types: added, described, and removed while no queued build uses them. */
const adminPlatformsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalogue'];
  const preHandler = app.requireAdmin;
  const removed = { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 409) };

  app.get(
    '/admin/catalogue/platforms',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Platforms (control boards), with their combinations and queued builds counted',
        response: { 200: Type.Array(AdminPlatformSchema), ...errorResponses(401, 403) },
      },
    },
    () => listAdminPlatforms(app.db),
  );

  app.post(
    '/admin/catalogue/platforms',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a platform',
        body: PlatformCreateSchema,
        response: { 201: AdminPlatformSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      checkBody(request.body, { name: catalogueCode, description });
      const row = { name: request.body.name, description: request.body.description?.trim() ?? '' };
      const duplicate = `Platform ${row.name} already exists`;
      await changeCatalogue(app.db, request, duplicate, async (tx) => {
        const [existing] = await tx.select().from(platforms).where(eq(platforms.name, row.name));
        if (existing) throw conflict(duplicate);
        await tx.insert(platforms).values(row);
        const change = {
          action: 'catalogue.create',
          objectType: 'platform',
          objectId: row.name,
          after: row,
        } as const;
        return { change, result: undefined };
      });
      return reply.code(201).send(found(await listAdminPlatforms(app.db), row.name, 'Platform'));
    },
  );

  app.patch(
    '/admin/catalogue/platforms/:name',
    {
      preHandler,
      schema: {
        tags,
        summary: "Change a platform's description",
        params: NameParamsSchema,
        body: PlatformUpdateSchema,
        response: { 200: AdminPlatformSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { name } = request.params;
      checkBody(request.body, { description });
      const text = request.body.description.trim();
      await changeCatalogue(app.db, request, 'Platform already exists', async (tx) => {
        const before = await lockRow(tx, platforms, eq(platforms.name, name), 'Platform not found');
        if (before.description === text) return { change: null, result: undefined };
        await tx.update(platforms).set({ description: text }).where(eq(platforms.name, name));
        const change = {
          action: 'catalogue.update',
          objectType: 'platform',
          objectId: name,
          before: { description: before.description },
          after: { description: text },
        } as const;
        return { change, result: undefined };
      });
      return found(await listAdminPlatforms(app.db), name, 'Platform');
    },
  );

  app.delete(
    '/admin/catalogue/platforms/:name',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a platform and its combinations, while no queued build uses it',
        params: NameParamsSchema,
        response: removed,
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      await changeCatalogue(app.db, request, 'Platform already exists', async (tx) => {
        const before = await lockRow(tx, platforms, eq(platforms.name, name), 'Platform not found');
        const queued = await queuedBuilds(tx, eq(builds.platform, name));
        if (queued > 0) throw queuedConflict(queued, `platform ${name}`, 'remove it once they are built');
        await tx.delete(platforms).where(eq(platforms.name, name));
        const change = {
          action: 'catalogue.remove',
          objectType: 'platform',
          objectId: name,
          before,
        } as const;
        return { change, result: undefined };
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/catalogue/install-types',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Install types, with their combinations and queued builds counted',
        response: { 200: Type.Array(AdminInstallTypeSchema), ...errorResponses(401, 403) },
      },
    },
    () => listAdminInstallTypes(app.db),
  );

  app.post(
    '/admin/catalogue/install-types',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add an install type',
        body: InstallTypeCreateSchema,
        response: { 201: AdminInstallTypeSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      checkBody(request.body, { name: catalogueCode });
      const { name } = request.body;
      const duplicate = `Install type ${name} already exists`;
      await changeCatalogue(app.db, request, duplicate, async (tx) => {
        const [existing] = await tx.select().from(installTypes).where(eq(installTypes.name, name));
        if (existing) throw conflict(duplicate);
        await tx.insert(installTypes).values({ name });
        const change = {
          action: 'catalogue.create',
          objectType: 'install_type',
          objectId: name,
          after: { name },
        } as const;
        return { change, result: undefined };
      });
      return reply.code(201).send(found(await listAdminInstallTypes(app.db), name, 'Install type'));
    },
  );

  app.delete(
    '/admin/catalogue/install-types/:name',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove an install type and its combinations, while no queued build uses it',
        params: NameParamsSchema,
        response: removed,
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      await changeCatalogue(app.db, request, 'Install type already exists', async (tx) => {
        const before = await lockRow(tx, installTypes, eq(installTypes.name, name), 'Install type not found');
        const queued = await queuedBuilds(tx, eq(builds.install_type, name));
        if (queued > 0) throw queuedConflict(queued, `install type ${name}`, 'remove it once they are built');
        await tx.delete(installTypes).where(eq(installTypes.name, name));
        const change = {
          action: 'catalogue.remove',
          objectType: 'install_type',
          objectId: name,
          before,
        } as const;
        return { change, result: undefined };
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminPlatformsRoutes;
