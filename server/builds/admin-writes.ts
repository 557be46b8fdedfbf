import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import {
  AdminBuildQuerySchema,
  BuildIdParamsSchema,
  BuildIdQuerySchema,
  BuildPatchSchema,
  BuildSchema,
  PoolPatchSchema,
} from '../../contract/schemas/build-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { POOL_COUNT_RULE } from '../../contract/schemas/pool-schemas';
import { FullCleanQuerySchema } from '../../contract/schemas/set-schemas';
import { auditedWrite } from '../audit/staff-writes';
import type { AccountRow } from '../platform/db/schema';
import { routesUnder } from '../platform/http/route-options';
import { buildAudit } from './build-audit';
import { editBuild, editPools, liveBuild, ownerOf, rebuildBuild, removeBuild } from './build-service';
import { toBuild } from './views';

/** Admins change any account's builds; checks are the client paths', with the admin's allowances. */
const adminBuildWritesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = routesUnder(['admin builds'], app.requireAdmin);
  const one = { 200: BuildSchema, ...errorResponses(401, 403, 404, 422) };
  /** The build `?firmware_id` names (of `?user_id` when given), and who changes it for whom. */
  const adminTarget = async ({
    account,
    query,
  }: {
    account: AccountRow;
    query: Static<typeof AdminBuildQuerySchema>;
  }) => {
    const build = await liveBuild(app.db, query.firmware_id, query.user_id);
    return { build, actors: { actor: account, owner: await ownerOf(app.db, account, build.user_id) } };
  };

  app.patch(
    '/admin/firmwares',
    admin({
      summary: 'Edit any build (user_id, when given, must be its owner); it is rebuilt',
      description: POOL_COUNT_RULE,
      querystring: AdminBuildQuerySchema,
      body: BuildPatchSchema,
      response: one,
    }),
    async (request) => {
      const { build, actors } = await adminTarget(request);
      const entry = buildAudit('build.update', build, request.body);
      const row = await auditedWrite(app.db, request.account, entry, (db) =>
        editBuild(db, actors, build, request.body),
      );
      return toBuild(row, request.account);
    },
  );

  app.patch(
    '/admin/firmwares/pool',
    admin({
      summary: 'Change the pools of any build (the refund pool included); it is rebuilt',
      description: POOL_COUNT_RULE,
      querystring: AdminBuildQuerySchema,
      body: PoolPatchSchema,
      response: one,
    }),
    async (request) => {
      const { build, actors } = await adminTarget(request);
      const row = await editPools(app.db, actors, build, request.body.fee_pools_configs, true);
      return toBuild(row, request.account);
    },
  );

  app.post(
    '/admin/firmwares/rebuild',
    admin({ summary: 'Rebuild any build', querystring: BuildIdQuerySchema, response: one }),
    async (request) => {
      const build = await liveBuild(app.db, request.query.firmware_id);
      const entry = buildAudit('build.rebuild', build);
      const row = await auditedWrite(app.db, request.account, entry, (db) =>
        rebuildBuild(db, build, request.account),
      );
      return toBuild(row, request.account);
    },
  );

  app.delete(
    '/admin/firmwares/:id',
    admin({
      summary: 'Remove any build; full_clean also deletes its file',
      params: BuildIdParamsSchema,
      querystring: FullCleanQuerySchema,
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      const build = await liveBuild(app.db, request.params.id);
      const { full_clean } = request.query;
      const entry = buildAudit('build.remove', build, { is_removed: true, full_clean });
      await auditedWrite(app.db, request.account, entry, (db) => removeBuild(db, app, build, full_clean));
      return reply.code(204).send(null);
    },
  );
};

export default adminBuildWritesRoutes;
