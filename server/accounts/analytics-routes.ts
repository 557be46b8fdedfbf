import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { AnalyticsSchema } from '../../contract/schemas/license-schemas';
import { countIssuedByLicense } from './licenses-repository';
import { accountStatistics } from './partners-repository';

/** Spec §2 statistics. */
const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/analytics',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['analytics'],
        summary: 'Accounts, accounts active in the last 30 days, licenses issued to builds',
        response: { 200: AnalyticsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const [accounts, issued] = await Promise.all([accountStatistics(app.db), countIssuedByLicense(app.db)]);
      let licensesIssued = 0;
      for (const count of issued.values()) licensesIssued += count;
      return { totalUsers: accounts.total, activeUsers: accounts.active, licensesIssued };
    },
  );
};

export default analyticsRoutes;
