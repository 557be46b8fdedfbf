import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, fileResponse } from '../../contract/schemas/common-schemas';
import { JobLogoParamsSchema } from '../../contract/schemas/logo-schemas';
import { LOGO_IMAGE_HELMET, sendLogoImage } from '../accounts/logo-file-routes';
import { findBuild } from '../builds/builds-repository';
import { conflict } from '../platform/http/http-errors';
import { renewLease } from '../queue/jobs-repository';
import { NOT_HELD } from './jobs-routes';

interface SpecLogo {
  le?: { file?: string; type?: string };
  de?: { file?: string; type?: string };
}

/**
 * The logo images a held job's spec names, for the agent building it. Not the public route: a set removed
 * after its builds were made is no longer public, but those builds are still rebuilt with its images (the
 * files are kept for them).
 */
const jobLogoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/agent/jobs/:id/logo/:variant',
    {
      helmet: LOGO_IMAGE_HELMET,
      schema: {
        tags: ['agent'],
        summary: "One image of a held job's logo set: le (light theme) or de (dark theme)",
        params: JobLogoParamsSchema,
        response: { 200: fileResponse('The image', 'image/*'), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { id, variant } = request.params;
      if (!(await renewLease(app.db, id, request.agent.id, app.jobQueue.options.leaseMs)))
        throw conflict(NOT_HELD);
      const spec = (await findBuild(app.db, id))?.job_spec as { logo?: SpecLogo | null } | undefined;
      const image = spec?.logo?.[variant];
      const named = image?.file && image.type ? { file: image.file, type: image.type } : undefined;
      return sendLogoImage(reply, named, 'no-store');
    },
  );
};

export default jobLogoRoutes;
