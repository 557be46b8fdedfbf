import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { LogoSetSchema } from '../../../contract/schemas/logo-schemas';
import { created } from '../../platform/http/created';
import { HttpError } from '../../platform/http/http-errors';
import { purgeAccountLogos } from '../logo-purge';
import { insertLogoSet } from '../logos-repository';
import { toLogoSet } from '../logos-views';
import { readLogoForm } from './logo-upload-form';

/** 'my logo for use in sets': a light-theme and a dark-theme image uploaded together (spec §5). */
const logoUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart);

  app.post(
    '/client/account/logo',
    {
      schema: {
        tags: ['logos'],
        summary:
          'Upload a logo set (multipart: image_le, image_de, make_images_default and for_build true|false)',
        consumes: ['multipart/form-data'],
        // The form's fields, for the API document only (the handler reads the parts itself).
        'x-form': {
          image_le: { type: 'string', format: 'binary', description: 'The light-theme image' },
          image_de: { type: 'string', format: 'binary', description: 'The dark-theme image' },
          make_images_default: { type: 'string', enum: ['true', 'false'] },
          for_build: { type: 'string', enum: ['true', 'false'] },
        },
        response: { 201: LogoSetSchema, ...errorResponses(401, 403, 413, 422) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart/form-data upload');
      const { images, makeDefault, forBuild } = await readLogoForm(request);
      const store = app.logoStore;
      // Issue 36: files no build needs any more leave first, and count no longer against the allowance.
      await purgeAccountLogos(app.db, store, request.account.id);
      const le = await store.save(images.image_le.bytes, images.image_le.type.ext);
      const de = await store.save(images.image_de.bytes, images.image_de.type.ext).catch(async (error) => {
        await store.remove(le);
        throw error;
      });
      const row = await insertLogoSet(
        app.db,
        {
          account_id: request.account.id,
          le_file: le,
          le_type: images.image_le.type.contentType,
          de_file: de,
          de_type: images.image_de.type.contentType,
          for_build: forBuild && !makeDefault,
        },
        makeDefault,
      ).catch(async (error: unknown) => {
        await Promise.all([store.remove(le), store.remove(de)]);
        throw error;
      });
      created(reply, ['client', 'firmware', 'logo', row.id]);
      return toLogoSet(row, true);
    },
  );
};

export default logoUploadRoutes;
