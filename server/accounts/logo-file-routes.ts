import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { UUID_PATTERN } from '../../contract/rules/text';
import { errorResponses, fileResponse } from '../../contract/schemas/common-schemas';
import { LogoFileParamsSchema } from '../../contract/schemas/logo-schemas';
import { notFound } from '../platform/http/http-errors';
import { logoUrl } from '../platform/storage/logo-store';
import { findLegacyPublicLogo, findPublicLogo } from './logos-repository';

export const LOGO_NOT_FOUND = 'Logo not found';

/**
 * The headers of a logo image, stricter than the console's own (routes' `helmet` option): an SVG opened on
 * its own must not run or load anything, even if a check upstream ever misses something.
 */
export const LOGO_IMAGE_HELMET = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      frameAncestors: ["'none'"],
      sandbox: [],
    },
  },
};

/** Sends one image of a logo set, or a 404 when its file is gone. */
export async function sendLogoImage(
  reply: FastifyReply,
  image: { file: string; type: string } | undefined,
  cacheControl: string,
) {
  const bytes = image ? await reply.server.logoStore.read(image.file) : undefined;
  if (!bytes || !image) throw notFound(LOGO_NOT_FOUND);
  return reply.header('content-type', image.type).header('cache-control', cacheControl).send(bytes);
}

/**
 * Logo images, public so that `<img src>` works without a bearer token, but only by the set's random
 * `public_id` (a sequential id would let anyone walk every partner's logos) and only while the set is not
 * removed. The browser may keep an image an hour; shared caches may not, so a removed set stops being
 * served everywhere but in the browsers that already showed it.
 */
const logoFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/logos/:public_id/:variant',
    {
      config: { public: true },
      helmet: LOGO_IMAGE_HELMET,
      schema: {
        tags: ['logos'],
        summary: 'A logo image: le (light theme) or de (dark theme), by the set’s public id',
        security: [],
        params: LogoFileParamsSchema,
        response: {
          200: fileResponse('The image (PNG, JPEG or SVG)', 'image/*'),
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const { public_id, variant } = request.params;
      // Issue 43: the URL of a set from before random ids, named in a build of that time, moved for good.
      if (/^[1-9]\d{0,9}$/.test(public_id) && Number(public_id) <= 2_147_483_647) {
        const legacy = await findLegacyPublicLogo(app.db, Number(public_id));
        if (legacy) return reply.redirect(logoUrl(legacy, variant), 301);
      }
      if (!UUID_PATTERN.test(public_id)) throw notFound(LOGO_NOT_FOUND);
      const logo = await findPublicLogo(app.db, public_id.toLowerCase());
      const image =
        logo &&
        (variant === 'le'
          ? { file: logo.le_file, type: logo.le_type }
          : { file: logo.de_file, type: logo.de_type });
      return sendLogoImage(reply, image, 'private, max-age=3600');
    },
  );
};

export default logoFilesRoutes;
