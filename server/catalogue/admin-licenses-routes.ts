import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { CATALOGUE_MAX, label } from '../../contract/rules/catalogue-names';
import {
  AdminLicenseSchema,
  LicenseUpdateSchema,
  LicenseWriteSchema,
} from '../../contract/schemas/catalogue-admin-schemas';
import { countIssuedByLicense } from '../accounts/licenses-repository';
import type { Db } from '../platform/db/client';
import { builds, licenses } from '../platform/db/schema';
import { queueUsage, withCounts } from './catalogue-usage';
import { idKindRoutes } from './kind-routes';

export async function listAdminLicenses(db: Db) {
  const [rows, issued, usage] = await Promise.all([
    db.select().from(licenses).orderBy(asc(licenses.region), asc(licenses.name)),
    countIssuedByLicense(db),
    queueUsage(db),
  ]);
  const picked = rows.map(({ id, name, region }) => ({ id, name, region }));
  return withCounts(picked, (row) => row.id, { builds: issued, queued_builds: usage.license });
}

/** Licenses a build can carry (the build form's Add license), by region. */
const adminLicensesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  idKindRoutes(app, {
    path: '/admin/catalogue/licenses',
    kind: { table: licenses, objectType: 'license', noun: 'License' },
    item: AdminLicenseSchema,
    rules: { name: label(CATALOGUE_MAX.label), region: label(CATALOGUE_MAX.label, 'field') },
    unique: { field: 'name', column: licenses.name, message: (name) => `License ${name} already exists` },
    audited: (row) => ({ name: row.name, region: row.region }),
    list: {
      summary: 'Licenses, with the builds and queued builds that carry each',
      rows: listAdminLicenses,
    },
    create: { summary: 'Add a license', body: LicenseWriteSchema },
    update: { summary: 'Rename a license or move it to another region', body: LicenseUpdateSchema },
    remove: {
      summary: 'Remove a license while no queued build carries it; builds made with it keep their files',
      queued: builds.license_id,
    },
  });
};

export default adminLicensesRoutes;
