import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listLicenses } from '../../../db/licenses-repository';
import { errorResponses } from '../../../schemas/common-schemas';
import { LicenseSchema } from '../../../schemas/license-schemas';

/** The licenses a build can carry, for the build form. */
const clientLicenseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/client/firmware/license',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Licenses, by region and name',
        response: { 200: { type: 'array', items: LicenseSchema }, ...errorResponses(401, 403) },
      },
    },
    async () => (await listLicenses(app.db)).map(({ id, name, region }) => ({ id, name, region })),
  );
};

export default clientLicenseRoutes;
