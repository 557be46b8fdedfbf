import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { LicenseSchema } from '../../contract/schemas/license-schemas';
import { listLicenses } from './licenses-repository';

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
