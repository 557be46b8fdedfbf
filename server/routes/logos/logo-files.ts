import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { LogoFileParamsSchema } from '../../../contract/schemas/logo-schemas';
import { findLogo } from '../../db/logos-repository';
import { notFound } from '../../lib/http-errors';

/**
 * Logo images, public so that `<img src>` works without a bearer token. Ids are not secrets and the files
 * never change under an id (a new upload is a new id), so they are cached for long.
 */
const logoFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/logos/:id/:variant',
    {
      config: { public: true },
      schema: {
        tags: ['logos'],
        summary: 'A logo image: le (light theme) or de (dark theme)',
        security: [],
        params: LogoFileParamsSchema,
        response: { ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { id, variant } = request.params;
      const logo = await findLogo(app.db, id);
      const [file, type] = variant === 'le' ? [logo?.le_file, logo?.le_type] : [logo?.de_file, logo?.de_type];
      const bytes = file ? await app.logoStore.read(file) : undefined;
      if (!bytes || !type) throw notFound('Logo not found');
      return (
        reply
          .header('content-type', type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own must not run anything, even if a check upstream ever misses something.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(bytes)
      );
    },
  );
};

export default logoFilesRoutes;
