import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  JobSourceParamsSchema,
  SourceParamsSchema,
  SourceQuerySchema,
} from '../../contract/schemas/agent-schemas';
import { errorResponses, fileResponse } from '../../contract/schemas/common-schemas';
import { findBuild } from '../builds/builds-repository';
import { SourceNotFoundError } from '../builds/sources/source-archive';
import { conflict, notFound } from '../platform/http/http-errors';
import { renewLease } from '../queue/jobs-repository';
import { findRepositoryByName } from '../releases/repositories-repository';
import { isReleaseTag } from './agent-releases-repository';
import { NOT_HELD } from './jobs-routes';

interface SpecTag {
  repository_name: string;
  tag_name: string;
}

/**
 * Release sources as tars made by `git archive`, so an agent on another machine needs nothing but HTTP.
 * Only what a release names is served: within a job, what its spec names.
 */
const sourcesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const send = async (reply: FastifyReply, repository: string, tag: string) => {
    const row = await findRepositoryByName(app.db, repository);
    if (!row) throw notFound(`Repository ${repository} is not registered`);
    try {
      const tar = await app.jobFiles.sourceArchive(row.url, tag);
      return reply.type('application/x-tar').send(tar);
    } catch (error) {
      if (error instanceof SourceNotFoundError) throw notFound(`${repository}: ${error.message}`);
      throw error;
    }
  };
  const description = 'A tar of the repository at the tag (git archive), streamed.';

  app.get(
    '/agent/jobs/:id/sources/:repository',
    {
      schema: {
        tags: ['agent'],
        summary: "One repository of a held job's release, at the job's tag",
        description,
        params: JobSourceParamsSchema,
        querystring: SourceQuerySchema,
        response: {
          200: fileResponse('The repository as a tar archive', 'application/x-tar'),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { id, repository } = request.params;
      const { tag } = request.query;
      if (!(await renewLease(app.db, id, request.agent.id, app.jobQueue.options.leaseMs)))
        throw conflict(NOT_HELD);
      const spec = (await findBuild(app.db, id))?.job_spec as { release?: { tags?: SpecTag[] } } | undefined;
      const named = spec?.release?.tags?.some((t) => t.repository_name === repository && t.tag_name === tag);
      if (!named) throw notFound(`The job does not build ${repository} at ${tag}`);
      return send(reply, repository, tag);
    },
  );

  app.get(
    '/agent/sources/:repository',
    {
      schema: {
        tags: ['agent'],
        summary: 'One repository at a tag some release names (to fetch deployed releases ahead of builds)',
        description,
        params: SourceParamsSchema,
        querystring: SourceQuerySchema,
        response: {
          200: fileResponse('The repository as a tar archive', 'application/x-tar'),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { repository } = request.params;
      const { tag } = request.query;
      if (!(await isReleaseTag(app.db, repository, tag)))
        throw notFound(`No release names ${repository} at ${tag}`);
      return send(reply, repository, tag);
    },
  );
};

export default sourcesRoutes;
