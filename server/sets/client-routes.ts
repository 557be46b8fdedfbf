import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAGE_SIZE } from '../../contract/constants';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { BuildSetSchema, SetCreateSchema, SetListQuerySchema } from '../../contract/schemas/set-schemas';
import { auditedWrite } from '../audit/staff-writes';
import { created } from '../platform/http/created';
import { setPageHeaders } from '../platform/http/paging';
import { createSet } from './set-service';
import { setView, toSet } from './set-views';
import setWritesRoutes from './set-writes';
import { listSets } from './sets-repository';

const BASE = '/client/firmware/groups';

/** My firmware sets (spec §2 'my sets'): list, create, and the writes shared with the admin paths. */
const setsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    BASE,
    {
      schema: {
        tags: ['sets'],
        summary: 'My sets, newest first, 20 a page',
        description: 'Headers x-page, x-page-size and x-total-count. Removed sets only with is_removed=true.',
        querystring: SetListQuerySchema,
        response: { 200: { type: 'array', items: BuildSetSchema }, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { search, is_favorite, is_removed, page } = request.query;
      const { rows, total } = await listSets(
        app.db,
        { userId: request.account.id, search, isFavorite: is_favorite, includeRemoved: is_removed },
        page,
        request.account,
      );
      setPageHeaders(reply, page, PAGE_SIZE, total);
      return rows.map(toSet);
    },
  );

  app.post(
    BASE,
    {
      schema: {
        tags: ['sets'],
        summary: 'Create a set',
        body: SetCreateSchema,
        response: { 201: BuildSetSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const made = (set: { id: number; name: string }) => ({
        action: 'set.create' as const,
        objectType: 'set' as const,
        objectId: set.id,
        after: { name: set.name },
      });
      const set = await auditedWrite(app.db, request.account, made, (db) =>
        createSet(db, request.account, request.body),
      );
      return created(reply, ['client', 'firmware', 'groups', set.id]).send(await setView(app.db, set.id));
    },
  );

  await app.register(setWritesRoutes, { base: BASE, admin: false });
};

export default setsRoutes;
