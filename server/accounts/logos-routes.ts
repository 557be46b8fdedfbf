import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { LogoIdParamsSchema, LogoSetSchema } from '../../contract/schemas/logo-schemas';
import { auditedWrite } from '../audit/staff-writes';
import { notFound } from '../platform/http/http-errors';
import { purgeUnusedLogos } from './logo-purge';
import { listLogoSets, makeLogoSetDefault, removeOwnLogoSet } from './logos-repository';
import { toLogoSet } from './logos-views';

/** The logo sets a build can use: the general logo (id 1) and the account's own. */
const logosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/client/firmware/logo',
    {
      schema: {
        tags: ['logos'],
        summary: 'The general logo and my logo sets',
        response: { 200: { type: 'array', items: LogoSetSchema }, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const rows = await listLogoSets(app.db, request.account.id);
      const hasDefault = rows.some((row) => row.account_id !== null && row.is_default);
      return rows.map((row) => toLogoSet(row, hasDefault));
    },
  );

  app.post(
    '/client/firmware/logo/:id/default',
    {
      schema: {
        tags: ['logos'],
        summary: 'Make one of my logo sets my default ("my logo")',
        params: LogoIdParamsSchema,
        response: { 200: LogoSetSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Issue 36: an admin's or a developer's own logo sets are audited, this choice as their removal.
      const entry = { action: 'logo.default' as const, objectType: 'logo' as const, objectId: id };
      const row = await auditedWrite(app.db, request.account, entry, async (db) => {
        const made = await makeLogoSetDefault(db, request.account.id, id);
        if (!made) throw notFound('Logo not found');
        return made;
      });
      return toLogoSet(row, true);
    },
  );

  app.delete(
    '/client/firmware/logo/:id',
    {
      schema: {
        tags: ['logos'],
        summary: 'Remove one of my logo sets (the general logo is nobody’s to remove)',
        params: LogoIdParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Issue 36: an admin's or a developer's own logo sets are audited too.
      const entry = { action: 'logo.remove' as const, objectType: 'logo' as const, objectId: id };
      await auditedWrite(app.db, request.account, entry, async (db) => {
        if (!(await removeOwnLogoSet(db, request.account.id, id))) throw notFound('Logo not found');
      });
      await purgeUnusedLogos(app.db, app.logoStore, [request.params.id]);
      return reply.code(204).send(null);
    },
  );
};

export default logosRoutes;
