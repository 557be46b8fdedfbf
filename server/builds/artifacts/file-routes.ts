import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UUID_PATTERN } from '../../../contract/rules/text';
import { UuidParamsSchema } from '../../../contract/schemas/build-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { notFound } from '../../platform/http/http-errors';
import { findBuildByUuid } from '../builds-repository';

const MISSING = 'File not found';

/**
 * A build's artifact by the build's uuid, public like the links page that lists it: only a build that is
 * done, not removed, and whose file exists.
 */
const buildFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/files/firmwares/:uuid',
    {
      config: { public: true },
      schema: {
        tags: ['links'],
        summary: 'Download a build (public)',
        security: [],
        params: UuidParamsSchema,
        response: { ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      if (!UUID_PATTERN.test(uuid)) throw notFound(MISSING);
      const build = await findBuildByUuid(app.db, uuid.toLowerCase());
      if (!build || build.is_removed || build.status !== 'done') throw notFound(MISSING);
      const size = await app.artifacts.size(build);
      if (size === undefined) throw notFound(MISSING);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="${build.name.replace(/[^\w.-]/g, '_')}.tar.gz"`)
        .header('cache-control', 'no-store')
        .send(await app.artifacts.open(build));
    },
  );
};

export default buildFilesRoutes;
