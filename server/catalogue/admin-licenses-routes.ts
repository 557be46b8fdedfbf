import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, ne } from 'drizzle-orm';
import { Type } from 'typebox';
import { label } from '../../contract/rules/catalogue-names';
import {
  AdminLicenseSchema,
  IdParamsSchema,
  LicenseUpdateSchema,
  LicenseWriteSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { countIssuedByLicense } from '../accounts/licenses-repository';
import { changedFields } from '../audit/audit-log';
import type { Db } from '../platform/db/client';
import { builds, licenses } from '../platform/db/schema';
import { conflict, notFound } from '../platform/http/http-errors';
import { changeCatalogue, checkBody, lockRow, queuedConflict, trimmed } from './admin-catalogue-helpers';
import { queuedBuilds, queueUsage } from './catalogue-usage';

const RULES = { name: label(100), region: label(100, 'field') };

export async function listAdminLicenses(db: Db) {
  const [rows, issued, usage] = await Promise.all([
    db.select().from(licenses).orderBy(asc(licenses.region), asc(licenses.name)),
    countIssuedByLicense(db),
    queueUsage(db),
  ]);
  return rows.map(({ id, name, region }) => ({
    id,
    name,
    region,
    builds: issued.get(id) ?? 0,
    queued_builds: usage.license.get(id) ?? 0,
  }));
}

const oneOf = async (db: Db, id: number) => {
  const found = (await listAdminLicenses(db)).find((row) => row.id === id);
  if (!found) throw notFound('License not found');
  return found;
};

const duplicateOf = (name: string) => `License ${name} already exists`;

async function refuseDuplicate(tx: Db, name: string, id?: number) {
  const [other] = await tx
    .select()
    .from(licenses)
    .where(and(eq(licenses.name, name), id === undefined ? undefined : ne(licenses.id, id)));
  if (other) throw conflict(duplicateOf(name));
}

/** Licenses a build can carry (the build form's Add license), by region. */
const adminLicensesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['catalogue'];
  const preHandler = app.requireAdmin;

  app.get(
    '/admin/catalogue/licenses',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Licenses, with the builds and queued builds that carry each',
        response: { 200: Type.Array(AdminLicenseSchema), ...errorResponses(401, 403) },
      },
    },
    () => listAdminLicenses(app.db),
  );

  app.post(
    '/admin/catalogue/licenses',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a license',
        body: LicenseWriteSchema,
        response: { 201: AdminLicenseSchema, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      checkBody(request.body, RULES);
      const row = { name: request.body.name.trim(), region: request.body.region.trim() };
      const id = await changeCatalogue(app.db, request, duplicateOf(row.name), async (tx) => {
        await refuseDuplicate(tx, row.name);
        const [created] = await tx.insert(licenses).values(row).returning({ id: licenses.id });
        const change = {
          action: 'catalogue.create',
          objectType: 'license',
          objectId: created.id,
          after: row,
        } as const;
        return { change, result: created.id };
      });
      return reply.code(201).send(await oneOf(app.db, id));
    },
  );

  app.patch(
    '/admin/catalogue/licenses/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Rename a license or move it to another region',
        params: IdParamsSchema,
        body: LicenseUpdateSchema,
        response: { 200: AdminLicenseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      checkBody(request.body, RULES);
      const fields = trimmed(request.body);
      await changeCatalogue(app.db, request, duplicateOf(fields.name ?? ''), async (tx) => {
        const row = await lockRow(tx, licenses, eq(licenses.id, id), 'License not found');
        const before = { name: row.name, region: row.region };
        const after = { ...before, ...fields };
        if (after.name === before.name && after.region === before.region)
          return { change: null, result: undefined };
        if (after.name !== before.name) await refuseDuplicate(tx, after.name, id);
        await tx.update(licenses).set(after).where(eq(licenses.id, id));
        const change = {
          action: 'catalogue.update',
          objectType: 'license',
          objectId: id,
          ...changedFields(before, after),
        } as const;
        return { change, result: undefined };
      });
      return oneOf(app.db, id);
    },
  );

  app.delete(
    '/admin/catalogue/licenses/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a license while no queued build carries it; builds made with it keep their files',
        params: IdParamsSchema,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await changeCatalogue(app.db, request, 'License already exists', async (tx) => {
        const row = await lockRow(tx, licenses, eq(licenses.id, id), 'License not found');
        const queued = await queuedBuilds(tx, eq(builds.license_id, id));
        if (queued > 0) throw queuedConflict(queued, `license ${row.name}`, 'remove it once they are built');
        await tx.delete(licenses).where(eq(licenses.id, id));
        const before = { name: row.name, region: row.region };
        const change = { action: 'catalogue.remove', objectType: 'license', objectId: id, before } as const;
        return { change, result: undefined };
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminLicensesRoutes;
