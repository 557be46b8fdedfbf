import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HeartbeatAnswerSchema, HeartbeatBodySchema } from '../../contract/schemas/agent-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { renewAgentLeases } from '../queue/jobs-repository';
import { deployedReleases } from './agent-releases-repository';
import { touchAgent } from './agents-repository';

const heartbeatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/agent/heartbeat',
    {
      schema: {
        tags: ['agent'],
        summary: 'I am alive, and this is what I hold; renews the leases of the jobs I am building',
        description:
          'Every 10 s. An agent is offline after 25 s without any call. The answer lists the deployed releases, ' +
          'whose sources the agent may fetch ahead of builds and then report here.',
        body: HeartbeatBodySchema,
        response: { 200: HeartbeatAnswerSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { releases, sources, jobs = [] } = request.body;
      await touchAgent(app.db, request.agent.id, { releases, sources });
      await renewAgentLeases(app.db, request.agent.id, jobs, app.jobQueue.options.leaseMs);
      return { ok: true as const, deployed: await deployedReleases(app.db) };
    },
  );
};

export default heartbeatRoutes;
