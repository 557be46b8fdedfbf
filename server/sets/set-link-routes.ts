import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { BuildSetSchema, SetIdParamsSchema, SetLinkPatchSchema } from '../../contract/schemas/set-schemas';
import { recordAudit } from '../audit/audit-log';
import { buildSets } from '../platform/db/schema';
import { liveSet } from './set-service';
import { setView } from './set-views';

/**
 * Issue 37: the owner of a set turns its public link off (the links page then answers 404) or on again, or
 * regenerates it: a new uuid, and the old link answers 404 for good. Every change is audited, a partner's too:
 * a link handed out is a door opened. The audit row never holds the uuid itself, which is the credential.
 */
const setLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    '/client/firmware/groups/:id/link',
    {
      schema: {
        tags: ['sets'],
        summary: "Turn my set's public link off or on, or give it a new uuid",
        params: SetIdParamsSchema,
        body: SetLinkPatchSchema,
        response: { 200: BuildSetSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const set = await liveSet(app.db, request.params.id, request.account.id);
      const { enabled, regenerate } = request.body;
      const changes = {
        ...(enabled === undefined ? {} : { link_enabled: enabled }),
        ...(regenerate ? { link_uuid: randomUUID() } : {}),
      };
      await app.db.transaction(async (tx) => {
        await tx
          .update(buildSets)
          .set(changes)
          .where(and(eq(buildSets.id, set.id), eq(buildSets.user_id, request.account.id)));
        await recordAudit(tx, {
          actorId: request.account.id,
          action: 'set.link',
          objectType: 'set',
          objectId: set.id,
          before: { link_enabled: set.link_enabled },
          after: { link_enabled: enabled ?? set.link_enabled, regenerated: Boolean(regenerate) },
        });
      });
      return setView(app.db, set.id);
    },
  );
};

export default setLinkRoutes;
