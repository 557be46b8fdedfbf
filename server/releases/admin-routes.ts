import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  type Release,
  ReleaseCreateSchema,
  ReleaseDescriptionsUpdateSchema,
  ReleaseIdDescriptionsParamsSchema,
  ReleaseIdParamsSchema,
  ReleaseSchema,
  ReleaseUpdateSchema,
} from '../../contract/schemas/release-schemas';
import { created } from '../platform/http/created';
import { notFound } from '../platform/http/http-errors';
import { routesUnder } from '../platform/http/route-options';
import { restoreRelease } from './release-restore';
import { createRelease, removeRelease, updateRelease, updateReleaseDescriptions } from './release-writes';
import { loadRelease } from './releases-repository';

/** Release writes for admins and developers; a developer changes only its own releases. */
const adminReleasesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (id: number): Promise<Release> => {
    const release = await loadRelease(app.db, id);
    if (!release) throw notFound('Release not found');
    return release;
  };
  const readers = routesUnder(['releases'], app.requireAdminOrDeveloper);
  const admin = routesUnder(['releases'], app.requireAdmin);

  app.post(
    '/admin/releases',
    readers({
      summary: 'Create a release (a draft unless is_draft is false)',
      body: ReleaseCreateSchema,
      response: { 201: ReleaseSchema, ...errorResponses(401, 403, 422) },
    }),
    async (request, reply) => {
      const id = await createRelease(app.db, request.account, request.body);
      return created(reply, ['admin', 'releases', id]).send(await answer(id));
    },
  );

  app.patch(
    '/admin/releases/:id',
    readers({
      summary: 'Change, publish or redeploy a release',
      description:
        'A draft is changed in place. A published release is removed and created again with the ' +
        'changes (a new id); the answer is the release that now stands.',
      params: ReleaseIdParamsSchema,
      body: ReleaseUpdateSchema,
      response: { 200: ReleaseSchema, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => answer(await updateRelease(app.db, request.account, request.params.id, request.body)),
  );

  app.patch(
    '/admin/releases/:release_id/descriptions',
    readers({
      summary: 'Set descriptions per language (a blank one is removed; en cannot be blank)',
      params: ReleaseIdDescriptionsParamsSchema,
      body: ReleaseDescriptionsUpdateSchema,
      response: { 200: ReleaseSchema, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      const id = request.params.release_id;
      await updateReleaseDescriptions(app.db, request.account, id, request.body.descriptions);
      return answer(id);
    },
  );

  app.delete(
    '/admin/releases/:id',
    readers({
      summary: 'Remove a release (soft delete)',
      params: ReleaseIdParamsSchema,
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      await removeRelease(app.db, request.account, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/releases/:id/restore',
    admin({
      summary: 'Restore a removed release (admins only)',
      description:
        'The release stands again as it was, draft or published (a published one is deployed again). ' +
        'Refused with 409 while another release of the series and stage holds its version.',
      params: ReleaseIdParamsSchema,
      response: { 200: ReleaseSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => {
      await restoreRelease(app.db, request.account, request.params.id);
      return answer(request.params.id);
    },
  );
};

export default adminReleasesRoutes;
