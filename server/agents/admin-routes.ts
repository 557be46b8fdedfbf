import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AgentAnswerSchema,
  AgentCreateSchema,
  AgentIdParamsSchema,
  AgentSchema,
  AgentUpdateSchema,
  AgentWithTokenSchema,
} from '../../contract/schemas/agent-admin-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { recordAudit } from '../audit/audit-log';
import type { UuidViewer } from '../builds/build-uuid-access';
import { created } from '../platform/http/created';
import { notFound } from '../platform/http/http-errors';
import { invalid } from '../platform/http/validation-errors';
import { agentUpdateAudits } from './agent-audit';
import {
  type AgentRow,
  deleteAgent,
  findAgent,
  findAgentByName,
  insertAgent,
  listAgents,
  newAgentToken,
  updateAgent,
} from './agents-repository';
import { toAgents } from './views';

const NAME_TAKEN = 'An agent with this name already exists';

/**
 * Build agents (spec §7 "Agents"): admins and developers read, admins write. A token is shown once, in the
 * answer that made it; afterwards only its first characters.
 */
const agentAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['agents'];
  // Only admins write, so a written agent is shown as the admin who wrote it sees it.
  const view = async (row: AgentRow, viewer: UuidViewer) =>
    (await toAgents(app.db, [row], app.jobQueue.options.offlineAfterMs, viewer))[0];
  const nameFree = async (name: string, exceptId?: number) => {
    const other = await findAgentByName(app.db, name);
    if (other && other.id !== exceptId) throw invalid(['body', 'name'], NAME_TAKEN);
  };

  app.get(
    '/admin/workers',
    {
      preHandler: app.requireAdminOrDeveloper,
      schema: {
        tags,
        summary: 'Agents with their status, current build, releases and sources held',
        response: { 200: Type.Array(AgentSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      toAgents(app.db, await listAgents(app.db), app.jobQueue.options.offlineAfterMs, request.account),
  );

  app.post(
    '/admin/workers',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Add an agent; the answer carries its token, shown this once',
        body: AgentCreateSchema,
        response: { 201: AgentWithTokenSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      await nameFree(name);
      const token = newAgentToken();
      const row = await app.db.transaction(async (tx) => {
        const inserted = await insertAgent(tx, name, token);
        if (!inserted) throw invalid(['body', 'name'], NAME_TAKEN);
        await recordAudit(tx, {
          actorId: request.account.id,
          action: 'agent.create',
          objectType: 'agent',
          objectId: inserted.id,
          after: { name: inserted.name, token: `${inserted.token_prefix}…` },
        });
        return inserted;
      });
      return created(reply, ['admin', 'workers', row.id]).send({
        ...(await view(row, request.account)),
        token,
      });
    },
  );

  app.put(
    '/admin/workers/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Rename, block or unblock an agent, or regenerate its token (shown once)',
        description:
          "Blocking or a new token refuses the agent's next call; its running job goes back to the queue.",
        params: AgentIdParamsSchema,
        body: AgentUpdateSchema,
        response: { 200: AgentAnswerSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await findAgent(app.db, id);
      if (!before) throw notFound('Agent not found');
      const name = request.body.name?.trim();
      if (name !== undefined) await nameFree(name, id);
      const token = request.body.token ? newAgentToken() : undefined;
      const row = await app.db.transaction(async (tx) => {
        const updated = await updateAgent(tx, id, { name, is_blocked: request.body.is_blocked, token });
        if (!updated) throw notFound('Agent not found');
        for (const entry of agentUpdateAudits(request.account.id, before, updated, token !== undefined)) {
          await recordAudit(tx, entry);
        }
        return updated;
      });
      if ((row.is_blocked && !before.is_blocked) || token) {
        await app.jobQueue.releaseAgent(
          id,
          row.is_blocked ? `Agent ${row.name} was blocked` : `Agent ${row.name} got a new token`,
        );
      }
      return { ...(await view(row, request.account)), ...(token ? { token } : {}) };
    },
  );

  app.delete(
    '/admin/workers/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Delete an agent; its token stops working and its running job goes back to the queue',
        params: AgentIdParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await findAgent(app.db, request.params.id);
      if (!row) throw notFound('Agent not found');
      // Blocked first, so that a claim already waiting cannot take a job between the release and the delete.
      await updateAgent(app.db, row.id, { is_blocked: true });
      await app.jobQueue.releaseAgent(row.id, `Agent ${row.name} was deleted`);
      await app.db.transaction(async (tx) => {
        if (!(await deleteAgent(tx, row.id))) throw notFound('Agent not found');
        await recordAudit(tx, {
          actorId: request.account.id,
          action: 'agent.delete',
          objectType: 'agent',
          objectId: row.id,
          before: { name: row.name, is_blocked: row.is_blocked },
        });
      });
      return reply.code(204).send(null);
    },
  );
};

export default agentAdminRoutes;
