import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAGE_SIZE } from '../../contract/constants';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  AdminTasksQuerySchema,
  PageQuerySchema,
  TaskCountersSchema,
  TaskIdParamsSchema,
  TaskListSchema,
} from '../../contract/schemas/tasks-schemas';
import { withEstimates } from '../builds/eta/eta';
import { setPageHeaders } from '../platform/http/paging';
import { listTasks, taskCounters } from './tasks-repository';
import { toTask } from './views';

/** Everyone's tasks, for admins (the 'all tasks' tab and a partner's tasks). */
const adminTasksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['tasks'];

  app.get(
    '/admin/firmwares/tasks',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: "All accounts' tasks, 20 a page; search also matches the owner's e-mail",
        querystring: AdminTasksQuerySchema,
        response: { 200: TaskListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { search, page = 0 } = request.query;
      const { rows, total } = await listTasks(app.db, { search, searchOwners: true }, page);
      setPageHeaders(reply, page, PAGE_SIZE, total);
      return withEstimates(
        app.db,
        rows.map((row) => toTask(row, request.account)),
        app.jobQueue.options.offlineAfterMs,
      );
    },
  );

  app.get(
    '/admin/firmwares/tasks/status',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Task counters over all accounts',
        response: { 200: TaskCountersSchema, ...errorResponses(401, 403) },
      },
    },
    // Kept until a build's counted state changes (task-counters-cache.ts).
    async () => app.taskCountersCache.get('all', () => taskCounters(app.db)),
  );

  app.get(
    '/admin/firmwares/users/:id/tasks',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: "One partner's tasks, 20 a page",
        params: TaskIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: TaskListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { page = 0 } = request.query;
      const { rows, total } = await listTasks(app.db, { userId: request.params.id }, page);
      setPageHeaders(reply, page, PAGE_SIZE, total);
      return withEstimates(
        app.db,
        rows.map((row) => toTask(row, request.account)),
        app.jobQueue.options.offlineAfterMs,
      );
    },
  );
};

export default adminTasksRoutes;
