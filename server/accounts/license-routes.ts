import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { LicenseRegionSchema } from '../../contract/schemas/license-schemas';
import { countIssuedByLicense, listLicenses } from './licenses-repository';

type Region = { region: string; licenses: { id: number; name: string; region: string; issued: number }[] };

/** Spec §2: the license list grouped by region, with how many builds use each license. */
const adminLicenseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/license',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['licenses'],
        summary: 'Licenses grouped by region',
        response: { 200: { type: 'array', items: LicenseRegionSchema }, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const [rows, issued] = await Promise.all([listLicenses(app.db), countIssuedByLicense(app.db)]);
      const regions = new Map<string, Region>();
      for (const { id, name, region } of rows) {
        const group = regions.get(region) ?? { region, licenses: [] };
        group.licenses.push({ id, name, region, issued: issued.get(id) ?? 0 });
        regions.set(region, group);
      }
      return [...regions.values()];
    },
  );
};

export default adminLicenseRoutes;
