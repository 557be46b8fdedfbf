import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PAGE_SIZE } from '../../contract/constants';
import {
  BuildListQuerySchema,
  BuildLookupSchema,
  BuildSchema,
  UuidParamsSchema,
} from '../../contract/schemas/build-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  ActiveSetsQuerySchema,
  BuildSetSchema,
  BuildSetWithOwnerSchema,
  SetIdParamsSchema,
  SetListQuerySchema,
} from '../../contract/schemas/set-schemas';
import { findAccountById } from '../accounts/accounts-repository';
import { notFound } from '../platform/http/http-errors';
import { setPageHeaders } from '../platform/http/paging';
import { routesUnder } from '../platform/http/route-options';
import { toSet } from '../sets/set-views';
import { findSet, listActiveSets, listSets } from '../sets/sets-repository';
import adminBuildWritesRoutes from './admin-writes';
import { findBuildByUuid, listBuilds } from './builds-repository';
import { withEstimates } from './eta/eta';
import { withNewerReleases } from './upgrade-view';
import { checkUuid } from './uuid';
import { toBuild } from './views';

/** Admins: any account's builds and sets (spec §7 admin firmware reads). */
const adminBuildsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = routesUnder(['admin builds'], app.requireAdmin);

  app.get(
    '/admin/firmwares',
    admin({
      summary: 'Builds of any account, newest first (not paged); filter by set',
      querystring: BuildListQuerySchema,
      response: { 200: Type.Array(BuildSchema), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      const { group_id, is_removed } = request.query;
      if (group_id !== undefined && !(await findSet(app.db, group_id))) throw notFound('Set not found');
      const rows = await listBuilds(app.db, { setId: group_id, includeRemoved: is_removed });
      return withEstimates(
        app.db,
        await withNewerReleases(
          app.db,
          rows,
          rows.map((row) => toBuild(row, request.account)),
        ),
        app.jobQueue.options.offlineAfterMs,
      );
    },
  );

  app.get(
    '/admin/firmwares/uuid/:uuid',
    admin({
      summary: 'A build by its uuid, with its set’s name and its owner’s e-mail (the Find build page)',
      params: UuidParamsSchema,
      response: { 200: BuildLookupSchema, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      const build = await findBuildByUuid(app.db, checkUuid(request.params.uuid, ['path', 'uuid']));
      if (!build) throw notFound('Build not found');
      const [set, owner] = await Promise.all([
        findSet(app.db, build.group_id),
        findAccountById(app.db, build.user_id),
      ]);
      const [view] = await withEstimates(
        app.db,
        [toBuild(build, request.account)],
        app.jobQueue.options.offlineAfterMs,
      );
      return { ...view, group_name: set?.name ?? '', owner_email: owner?.email ?? '' };
    },
  );

  app.get(
    '/admin/firmwares/users/:id/groups',
    admin({
      summary: 'A partner’s sets, newest first, 20 a page',
      params: SetIdParamsSchema,
      querystring: Type.Omit(SetListQuerySchema, ['is_favorite']),
      response: { 200: Type.Array(BuildSetSchema), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      if (!(await findAccountById(app.db, request.params.id))) throw notFound('Account not found');
      const { search, is_removed, page } = request.query;
      const filters = { userId: request.params.id, search, includeRemoved: is_removed };
      const { rows, total } = await listSets(app.db, filters, page);
      setPageHeaders(reply, page, PAGE_SIZE, total);
      return rows.map(toSet);
    },
  );

  app.get(
    '/admin/firmwares/active',
    admin({
      summary: 'Sets holding builds, across partners, with their owner; newest first, 20 a page',
      querystring: ActiveSetsQuerySchema,
      response: { 200: Type.Array(BuildSetWithOwnerSchema), ...errorResponses(401, 403, 422) },
    }),
    async (request, reply) => {
      const { search, by_vip, is_favorite, page } = request.query;
      const { rows, total } = await listActiveSets(
        app.db,
        { search, byVip: by_vip, isFavorite: is_favorite },
        page,
      );
      setPageHeaders(reply, page, PAGE_SIZE, total);
      return rows.map(toSet);
    },
  );

  await app.register(adminBuildWritesRoutes);
};

export default adminBuildsRoutes;
