import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  BuildSetSchema,
  FullCleanQuerySchema,
  SetIdParamsSchema,
  SetPatchSchema,
  UpgradePreviewSchema,
  UpgradeSetQuerySchema,
} from '../../contract/schemas/set-schemas';
import { auditedWrite, isStaff } from '../audit/staff-writes';
import { ownerOf } from '../builds/build-service';
import { editSet, liveSet, rebuildSet, removeSet, upgradePreview, upgradeSet } from './set-service';
import { setView } from './set-views';
import type { BuildSetRow } from './sets-repository';

export interface SetWritesOptions {
  /** '/client/firmware/groups' (my sets) or '/admin/groups' (anyone's, admins only). */
  base: string;
  admin: boolean;
  preHandler?: preHandlerAsyncHookHandler;
}

/** Edit, rebuild, upgrade and remove a set: the same on the client paths (own sets) and the admin paths. */
const setWritesRoutes: FastifyPluginAsyncTypebox<SetWritesOptions> = async (
  app,
  { base, admin, preHandler },
) => {
  const tags = [admin ? 'admin sets' : 'sets'];
  const whose = admin ? 'any account’s' : 'my';
  const setOf = (id: number, accountId: number) => liveSet(app.db, id, admin ? undefined : accountId);
  const answer = (id: number) => setView(app.db, id);
  // Issue 36: an admin's or a developer's write on a set, theirs or a partner's, leaves its audit row.
  const audit = (action: 'set.update' | 'set.rebuild' | 'set.upgrade', set: BuildSetRow, after?: object) => ({
    action,
    objectType: 'set' as const,
    objectId: set.id,
    before: { name: set.name, user_id: set.user_id },
    after: after ?? null,
  });
  const params = SetIdParamsSchema;
  const responses = { 200: BuildSetSchema, ...errorResponses(401, 403, 404, 422, 429) };

  app.patch(
    `${base}/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: `Edit ${whose} set; force_rebuild rebuilds its builds`,
        params,
        body: SetPatchSchema,
        response: responses,
      },
    },
    async (request) => {
      const set = await setOf(request.params.id, request.account.id);
      const entry = audit('set.update', set, request.body);
      const row = await auditedWrite(app.db, request.account, entry, (db) =>
        editSet(db, set, request.body, request.account),
      );
      return answer(row.id);
    },
  );

  app.post(
    `${base}/:id/rebuild`,
    {
      preHandler,
      schema: { tags, summary: `Rebuild every build of ${whose} set`, params, response: responses },
    },
    async (request) => {
      const set = await setOf(request.params.id, request.account.id);
      await auditedWrite(app.db, request.account, audit('set.rebuild', set), (db) =>
        rebuildSet(db, set, request.account),
      );
      return answer(set.id);
    },
  );

  app.get(
    `${base}/:id/upgrade`,
    {
      preHandler,
      schema: {
        tags,
        summary: `How many builds of ${whose} set an upgrade would queue, cancelled ones apart`,
        params,
        response: { 200: UpgradePreviewSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const set = await setOf(request.params.id, request.account.id);
      return upgradePreview(app.db, await ownerOf(app.db, request.account, set.user_id), set);
    },
  );

  app.post(
    `${base}/:id/upgrade`,
    {
      preHandler,
      schema: {
        tags,
        summary: `Upgrade every build of ${whose} set to the newest release of its series and stage class`,
        description:
          'Builds already on the newest release the owner may see are left as they are, and cancelled ones unless include_cancelled.',
        params,
        querystring: UpgradeSetQuerySchema,
        response: responses,
      },
    },
    async (request) => {
      const set = await setOf(request.params.id, request.account.id);
      const owner = await ownerOf(app.db, request.account, set.user_id);
      const { include_cancelled } = request.query;
      await auditedWrite(app.db, request.account, audit('set.upgrade', set, { include_cancelled }), (db) =>
        upgradeSet(db, owner, set, request.account, include_cancelled),
      );
      return answer(set.id);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: `Remove ${whose} set and its builds; full_clean also deletes their files`,
        params,
        querystring: FullCleanQuerySchema,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const set = await setOf(request.params.id, request.account.id);
      const actorId = admin || isStaff(request.account) ? request.account.id : undefined;
      await removeSet(app.db, app, set, request.query.full_clean, actorId);
      return reply.code(204).send(null);
    },
  );
};

export default setWritesRoutes;
