// Issue 37: admins read and change how long earlier runs' files are kept (runs/kept-runs.ts). A shorter
// retention takes effect at once for downloads and attestations; the files themselves go at the next sweep.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { RunRetentionSchema } from '../../../contract/schemas/retention-schemas';
import { recordAudit } from '../../audit/audit-log';
import { RUN_RETENTION_SETTING, runRetentionDays, setRunRetentionDays } from './kept-runs';

const PATH = '/admin/settings/run-retention';

const retentionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PATH,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['tasks'],
        summary: "How many days an earlier run's file is kept after a rebuild",
        response: { 200: RunRetentionSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ days: await runRetentionDays(app.db) }),
  );

  app.put(
    PATH,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['tasks'],
        summary: "Change how many days an earlier run's file is kept after a rebuild",
        body: RunRetentionSchema,
        response: { 200: RunRetentionSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { days } = request.body;
      await app.db.transaction(async (tx) => {
        const was = await runRetentionDays(tx);
        await setRunRetentionDays(tx, days);
        await recordAudit(tx, {
          actorId: request.account.id,
          action: 'setting.update',
          objectType: 'setting',
          objectId: RUN_RETENTION_SETTING,
          before: { days: was },
          after: { days },
        });
      });
      return { days };
    },
  );
};

export default retentionRoutes;
