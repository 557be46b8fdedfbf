import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq, ne } from 'drizzle-orm';
import { label } from '../../contract/rules/catalogue-names';
import {
  AdminLicenseSchema,
  IdParamsSchema,
  LicenseUpdateSchema,
  LicenseWriteSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { countIssuedByLicense } from '../accounts/licenses-repository';
import type { Db } from '../platform/db/client';
import { builds, licenses } from '../platform/db/schema';
import { adminRoute, answers, checkBody, trimmed } from './admin-catalogue-helpers';
import {
  type CatalogueKind,
  createEntry,
  oneIn,
  refuseQueued,
  removeEntry,
  uniqueAmong,
  updateEntry,
} from './catalogue-changes';
import { queueUsage, withCounts } from './catalogue-usage';

const RULES = { name: label(100), region: label(100, 'field') };

export async function listAdminLicenses(db: Db) {
  const [rows, issued, usage] = await Promise.all([
    db.select().from(licenses).orderBy(asc(licenses.region), asc(licenses.name)),
    countIssuedByLicense(db),
    queueUsage(db),
  ]);
  const picked = rows.map(({ id, name, region }) => ({ id, name, region }));
  return withCounts(picked, (row) => row.id, { builds: issued, queued_builds: usage.license });
}

const LICENSES: CatalogueKind<typeof licenses> = { table: licenses, objectType: 'license', noun: 'License' };

const oneOf = async (db: Db, id: number) =>
  oneIn(await listAdminLicenses(db), (row) => row.id === id, 'License not found');

const duplicateOf = (name: string) => `License ${name} already exists`;
const audited = (row: { name: string; region: string }) => ({ name: row.name, region: row.region });

/** Licenses a build can carry (the build form's Add license), by region. */
const adminLicensesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/catalogue/licenses',
    adminRoute(app, {
      summary: 'Licenses, with the builds and queued builds that carry each',
      response: answers.list(AdminLicenseSchema),
    }),
    () => listAdminLicenses(app.db),
  );

  app.post(
    '/admin/catalogue/licenses',
    adminRoute(app, {
      summary: 'Add a license',
      body: LicenseWriteSchema,
      response: answers.created(AdminLicenseSchema),
    }),
    async (request, reply) => {
      checkBody(request.body, RULES);
      const row = { name: request.body.name.trim(), region: request.body.region.trim() };
      const created = await createEntry(app.db, request, LICENSES, {
        row,
        existing: eq(licenses.name, row.name),
        duplicate: duplicateOf(row.name),
        objectId: (inserted) => inserted.id,
      });
      return reply.code(201).send(await oneOf(app.db, created.id));
    },
  );

  app.patch(
    '/admin/catalogue/licenses/:id',
    adminRoute(app, {
      summary: 'Rename a license or move it to another region',
      params: IdParamsSchema,
      body: LicenseUpdateSchema,
      response: answers.changed(AdminLicenseSchema),
    }),
    async (request) => {
      const { id } = request.params;
      checkBody(request.body, RULES);
      const fields = trimmed(request.body);
      await updateEntry(app.db, request, LICENSES, {
        where: eq(licenses.id, id),
        objectId: id,
        audited,
        fields,
        duplicate: duplicateOf(fields.name ?? ''),
        check: uniqueAmong(licenses, 'name', licenses.name, ne(licenses.id, id), duplicateOf),
      });
      return oneOf(app.db, id);
    },
  );

  app.delete(
    '/admin/catalogue/licenses/:id',
    adminRoute(app, {
      summary: 'Remove a license while no queued build carries it; builds made with it keep their files',
      params: IdParamsSchema,
      response: answers.removed(),
    }),
    async (request, reply) => {
      const { id } = request.params;
      await removeEntry(app.db, request, LICENSES, {
        where: eq(licenses.id, id),
        objectId: id,
        audited,
        check: (tx, row) =>
          refuseQueued(tx, eq(builds.license_id, id), `license ${row.name}`, 'remove it once they are built'),
      });
      return reply.code(204).send(null);
    },
  );
};

export default adminLicensesRoutes;
