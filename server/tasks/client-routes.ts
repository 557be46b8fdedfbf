import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PAGE_SIZE } from '../../contract/constants';
import type { RoleFlags } from '../../contract/roles';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  TaskCountersSchema,
  TaskIdParamsSchema,
  TaskIdsQuerySchema,
  TaskListSchema,
  TaskSchema,
  TasksQuerySchema,
} from '../../contract/schemas/tasks-schemas';
import { cancelEndedText, ENDED_STATUSES } from '../../contract/task-cancel';
import { staffAudits } from '../audit/staff-writes';
import { withEstimates } from '../builds/eta/eta';
import { conflict, notFound } from '../platform/http/http-errors';
import { setPageHeaders } from '../platform/http/paging';
import { routesUnder } from '../platform/http/route-options';
import { findTask, hideTasks, listedTasks, listTasks, taskCounters } from './tasks-repository';
import { toTask } from './views';

const TASK_NOT_FOUND = 'Task not found';

// A partner's log names no admin's e-mail: stored text, in English like the queue's other lines (issue 36).
const ADMINISTRATOR = 'an administrator';

type Account = RoleFlags & { id: number; email: string };
type Task = { id: number; user_id: number; status: string };

/** Who cancelled, as the build's log says it: the owner by its e-mail, anyone else as an administrator. */
const canceller = (account: Account, ownerId: number) =>
  ownerId === account.id ? account.email : ADMINISTRATOR;

/** The audit rows of an admin's or a developer's writes on tasks, one per task (issue 36). */
const taskAudits = (account: Account, action: 'task.cancel' | 'task.hide', tasks: Task[]) =>
  staffAudits(
    account,
    tasks.map((task) => ({
      action,
      objectType: 'build' as const,
      objectId: task.id,
      before: { user_id: task.user_id, status: task.status },
    })),
  );

/**
 * The signed-in account's tasks (build jobs): list, counters, cancel, remove. Admins reach anyone's
 * task through the same cancel, remove paths (and the log's, in build-log.ts); another partner's id answers 404.
 */
const tasksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mine = routesUnder(['tasks']);
  /** Whose tasks the account may touch: its own, or anyone's for an admin. */
  const scope = (account: { id: number; is_admin: boolean }) => (account.is_admin ? undefined : account.id);

  app.get(
    '/client/firmware/tasks',
    mine({
      summary: 'My tasks, 20 a page, the most recently queued first',
      querystring: TasksQuerySchema,
      response: { 200: TaskListSchema, ...errorResponses(401, 422) },
    }),
    async (request, reply) => {
      const { search, is_favorite, by_favorite, page = 0 } = request.query;
      const filters = { userId: request.account.id, search, isFavorite: is_favorite ?? by_favorite };
      const { rows, total } = await listTasks(app.db, filters, page);
      setPageHeaders(reply, page, PAGE_SIZE, total);
      return withEstimates(
        app.db,
        rows.map((row) => toTask(row, request.account)),
        app.jobQueue.options.offlineAfterMs,
      );
    },
  );

  app.get(
    '/client/firmware/tasks/status',
    mine({
      summary: 'My task counters: pending, in progress, failed',
      response: { 200: TaskCountersSchema, ...errorResponses(401) },
    }),
    // Kept until a build's counted state changes (task-counters-cache.ts).
    async (request) =>
      app.taskCountersCache.get(request.account.id, (id) => taskCounters(app.db, id as number)),
  );

  app.post(
    '/client/firmware/tasks/:id/cancel',
    mine({
      summary: 'Cancel a task: a pending one at once, a running one as soon as its agent next calls',
      description: 'A task that already ended (done, failed or cancelled) answers 409 saying how it ended.',
      params: TaskIdParamsSchema,
      response: { 200: TaskSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => {
      const { id } = request.params;
      const task = await findTask(app.db, id, scope(request.account));
      if (!task) throw notFound(TASK_NOT_FOUND);
      // Issue 37: nothing to cancel is said (409, how it ended), not answered as a success, and not audited.
      const ended = (status: string) => ENDED_STATUSES.find((s) => s === status);
      const endedBefore = ended(task.status);
      if (endedBefore) throw conflict(cancelEndedText(endedBefore));
      const { account } = request;
      const audit = taskAudits(account, 'task.cancel', [task]);
      const changed = await app.jobQueue.cancel([id], canceller(account, task.user_id), audit);
      const after = await findTask(app.db, id);
      if (!after) throw notFound(TASK_NOT_FOUND);
      const endedMeanwhile = changed === 0 && ended(after.status);
      if (endedMeanwhile) throw conflict(cancelEndedText(endedMeanwhile));
      return toTask(after, request.account);
    },
  );

  app.delete(
    '/client/firmware/tasks',
    mine({
      summary: 'Remove tasks from the list (their builds stay); running ones are cancelled',
      querystring: TaskIdsQuerySchema,
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      const ids = [...new Set(request.query.ids.split(',').map(Number))];
      // Ten digits pass the pattern but not PostgreSQL's integer: no build has such an id.
      if (ids.some((id) => id > 2_147_483_647)) throw notFound(TASK_NOT_FOUND);
      const { account } = request;
      const found = await listedTasks(app.db, ids, scope(account));
      if (found.length !== ids.length) throw notFound(TASK_NOT_FOUND);
      // The owner's own and others' (an admin's) apart, each cancelled as its log should say and hidden in the
      // cancel's transaction, with the audit rows.
      for (const own of [true, false]) {
        const tasks = found.filter((task) => (task.user_id === account.id) === own);
        if (tasks.length === 0) continue;
        const audit = taskAudits(account, 'task.hide', tasks);
        const taskIds = tasks.map((task) => task.id);
        await app.jobQueue.cancel(taskIds, own ? account.email : ADMINISTRATOR, async (tx) => {
          await audit?.(tx);
          await hideTasks(tx, taskIds);
        });
      }
      return reply.code(204).send(null);
    },
  );
};

export default tasksRoutes;
