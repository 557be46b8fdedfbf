import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireContentType } from '../platform/http/content-type';
import { forbidden, unauthorized } from '../platform/http/http-errors';
import { type AgentRow, findAgentByToken, touchAgent } from './agents-repository';
import artifactRoutes from './artifact-routes';
import heartbeatRoutes from './heartbeat-routes';
import jobLogoRoutes from './job-logo-routes';
import jobsRoutes from './jobs-routes';
import sourcesRoutes from './sources-routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The calling build agent, on /api/agent routes. */
    agent: AgentRow;
  }
}

// Every call counts as contact; the heartbeat writes it anyway, other calls at most this often.
const CONTACT_RESOLUTION_MS = 2_000;

/**
 * The build agents' API (GitLab Runner's and Buildkite's agent APIs are the models): a bearer worker token
 * instead of an account's, no XSRF (agents hold no cookies), and a blocked, deleted or regenerated token is
 * refused on its very next call.
 */
const agentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Neither the account check of /api nor the XSRF check applies here: these routes authenticate workers
  // themselves (agents hold no cookies), and the OpenAPI document says which token they take.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true, xsrfExempt: true };
    if (route.schema) route.schema = { ...route.schema, security: [{ workerToken: [] }] };
    // A route that takes its body as a stream names its media type; any other is refused (415) unread.
    const consumes = route.schema?.consumes;
    if (consumes) route.onRequest = [...[route.onRequest ?? []].flat(), requireContentType(consumes)];
  });

  const agents = new WeakMap<FastifyRequest, AgentRow>();
  app.decorateRequest('agent', {
    getter(this: FastifyRequest) {
      const agent = agents.get(this);
      if (!agent) throw unauthorized('Worker token required');
      return agent;
    },
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorized('Worker token required');
    const agent = await findAgentByToken(app.db, match[1]);
    if (!agent) throw unauthorized('Unknown worker token');
    if (agent.is_blocked) throw forbidden('Agent is blocked');
    agents.set(request, agent);
    const last = agent.last_contact?.getTime() ?? 0;
    if (Date.now() - last >= CONTACT_RESOLUTION_MS) await touchAgent(app.db, agent.id);
  });

  // Artifacts arrive as raw bytes, streamed to disk by the route rather than buffered.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  await app.register(heartbeatRoutes);
  await app.register(jobsRoutes);
  await app.register(artifactRoutes);
  await app.register(sourcesRoutes);
  await app.register(jobLogoRoutes);
};

export default agentRoutes;
