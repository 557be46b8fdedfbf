import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAGE_SIZE } from '../../contract/constants';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { GroupCreateSchema, GroupListQuerySchema, GroupSchema } from '../../contract/schemas/group-schemas';
import { upgradableGroups } from '../builds/upgrade-view';
import { groupView, toGroup } from '../builds/views';
import { setPageHeaders } from '../platform/http/paging';
import { createGroup } from './set-service';
import groupWritesRoutes from './set-writes';
import { listGroups } from './sets-repository';

const BASE = '/client/firmware/groups';

/** My firmware sets (spec §2 'my sets'): list, create, and the writes shared with the admin paths. */
const groupsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    BASE,
    {
      schema: {
        tags: ['sets'],
        summary: 'My sets, newest first, 20 a page',
        description: 'Headers x-page, x-page-size and x-total-count. Removed sets only with is_removed=true.',
        querystring: GroupListQuerySchema,
        response: { 200: { type: 'array', items: GroupSchema }, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { search, is_favorite, is_removed, page } = request.query;
      const { rows, total } = await listGroups(
        app.db,
        { userId: request.account.id, search, isFavorite: is_favorite, includeRemoved: is_removed },
        page,
      );
      setPageHeaders(reply, page, PAGE_SIZE, total);
      const upgradable = await upgradableGroups(
        app.db,
        rows.map((row) => row.id),
        request.account,
      );
      return rows.map((row) => ({ ...toGroup(row), upgrade_available: upgradable.has(row.id) }));
    },
  );

  app.post(
    BASE,
    {
      schema: {
        tags: ['sets'],
        summary: 'Create a set',
        body: GroupCreateSchema,
        response: { 201: GroupSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const group = await createGroup(app.db, request.account, request.body);
      return reply.code(201).send(await groupView(app.db, group.id));
    },
  );

  await app.register(groupWritesRoutes, { base: BASE, admin: false });
};

export default groupsRoutes;
