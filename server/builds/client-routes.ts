import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BuildCreateSchema,
  BuildIdParamsSchema,
  BuildIdQuerySchema,
  BuildListQuerySchema,
  BuildPatchSchema,
  BuildSchema,
  PoolPatchSchema,
} from '../../contract/schemas/build-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { POOL_COUNT_RULE } from '../../contract/schemas/pool-schemas';
import { FullCleanQuerySchema } from '../../contract/schemas/set-schemas';
import { auditedWrite } from '../audit/staff-writes';
import type { AccountRow, BuildRow } from '../platform/db/schema';
import { created } from '../platform/http/created';
import { notFound } from '../platform/http/http-errors';
import { routesUnder } from '../platform/http/route-options';
import { findSet } from '../sets/sets-repository';
import { buildAudit } from './build-audit';
import {
  editBuild,
  editPools,
  liveBuild,
  rebuildBuild,
  removeBuild,
  submitBuild,
  upgradeBuild,
} from './build-service';
import { listBuilds } from './builds-repository';
import { withEstimates } from './eta/eta';
import { withNewerReleases } from './upgrade-view';
import { toBuild } from './views';

const BASE = '/client/firmware/firmwares';

/** My builds: submit (a pending job), edit, change pools, rebuild, upgrade, remove. Others' answer 404. */
const buildsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mine = routesUnder(['builds']);
  // 429: a partner's queue limits (server/queue/queue-limits.ts), on every write that queues a build.
  const one = { 200: BuildSchema, ...errorResponses(401, 403, 404, 422, 429) };
  /** The build `:id` names, when it is mine and not removed (404 otherwise); I change it for myself. */
  const myBuild = async ({ account, params }: { account: AccountRow; params: { id: number } }) => ({
    build: await liveBuild(app.db, params.id, account.id),
    actors: { actor: account, owner: account },
  });

  app.get(
    BASE,
    mine({
      summary: 'My builds, newest first (not paged)',
      querystring: BuildListQuerySchema,
      response: { 200: Type.Array(BuildSchema), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      const { account } = request;
      const { group_id, is_removed } = request.query;
      // Another account's set is as good as missing, even as a filter.
      if (group_id !== undefined && !(await findSet(app.db, group_id, account.id)))
        throw notFound('Set not found');
      const rows = await listBuilds(app.db, {
        userId: account.id,
        setId: group_id,
        includeRemoved: is_removed,
      });
      return withEstimates(
        app.db,
        await withNewerReleases(
          app.db,
          rows,
          rows.map((row) => toBuild(row, account)),
          account,
        ),
        app.jobQueue.options.offlineAfterMs,
      );
    },
  );

  app.post(
    BASE,
    mine({
      summary: 'Submit a build: it is queued as pending',
      description:
        'When a done, not removed build has the same configuration hash and its artifact is stored, the new ' +
        'build is done at once, served from that artifact (its log names the build). Rebuild to build afresh. ' +
        POOL_COUNT_RULE,
      body: BuildCreateSchema,
      response: { 201: BuildSchema, ...errorResponses(401, 403, 404, 422, 429) },
    }),
    async (request, reply) => {
      const { account } = request;
      const made = (build: BuildRow) => buildAudit('build.create', build, { release_id: build.release_id });
      const row = await auditedWrite(app.db, account, made, (db) =>
        submitBuild(db, { actor: account, owner: account }, request.body, app.artifacts),
      );
      return created(reply, ['client', 'firmware', 'firmwares', row.id]).send(toBuild(row, account));
    },
  );

  app.patch(
    `${BASE}/:id`,
    mine({
      summary: 'Edit my build; any change rebuilds it',
      description: POOL_COUNT_RULE,
      params: BuildIdParamsSchema,
      body: BuildPatchSchema,
      response: one,
    }),
    async (request) => {
      const { build, actors } = await myBuild(request);
      const entry = buildAudit('build.update', build, request.body);
      const row = await auditedWrite(app.db, request.account, entry, (db) =>
        editBuild(db, actors, build, request.body),
      );
      return toBuild(row, request.account);
    },
  );

  app.patch(
    `${BASE}/:id/pool`,
    mine({
      summary: 'Change the pools of my build; it is rebuilt',
      description: POOL_COUNT_RULE,
      params: BuildIdParamsSchema,
      body: PoolPatchSchema,
      response: one,
    }),
    async (request) => {
      const { build, actors } = await myBuild(request);
      const pools = request.body.fee_pools_configs;
      const entry = buildAudit('build.update', build, { fee_pools_configs: pools });
      const row = await auditedWrite(app.db, request.account, entry, (db) =>
        editPools(db, actors, build, pools),
      );
      return toBuild(row, request.account);
    },
  );

  app.post(
    `${BASE}/rebuild`,
    mine({ summary: 'Rebuild my build', querystring: BuildIdQuerySchema, response: one }),
    async (request) => {
      const build = await liveBuild(app.db, request.query.firmware_id, request.account.id);
      const entry = buildAudit('build.rebuild', build);
      const row = await auditedWrite(app.db, request.account, entry, (db) =>
        rebuildBuild(db, build, request.account),
      );
      return toBuild(row, request.account);
    },
  );

  app.post(
    `${BASE}/:id/upgrade`,
    mine({
      summary: 'Upgrade my build to the newest release of its series and stage class that I may see',
      description: "422 'Already on the newest release' when there is none newer.",
      params: BuildIdParamsSchema,
      response: one,
    }),
    async (request) => {
      const { account } = request;
      const build = await liveBuild(app.db, request.params.id, account.id);
      const entry = buildAudit('build.upgrade', build);
      const row = await auditedWrite(app.db, account, entry, (db) =>
        upgradeBuild(db, account, build, account),
      );
      return toBuild(row, account);
    },
  );

  app.delete(
    `${BASE}/:id`,
    mine({
      summary: 'Remove my build; full_clean also deletes its file',
      params: BuildIdParamsSchema,
      querystring: FullCleanQuerySchema,
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      const build = await liveBuild(app.db, request.params.id, request.account.id);
      const { full_clean } = request.query;
      const entry = buildAudit('build.remove', build, { is_removed: true, full_clean });
      await auditedWrite(app.db, request.account, entry, (db) => removeBuild(db, app, build, full_clean));
      return reply.code(204).send(null);
    },
  );
};

export default buildsRoutes;
