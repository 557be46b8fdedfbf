import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PAGE_SIZE } from '../../contract/constants';
import { AuditEntrySchema, AuditQuerySchema } from '../../contract/schemas/audit-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { setPageHeaders } from '../platform/http/paging';
import { listAudit } from './audit-repository';

/** The audit log (issue 17): every admin change, newest first, 20 a page; admins only. */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/audit',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first, 20 a page; filter by actor (id or e-mail), action and object',
        querystring: AuditQuerySchema,
        response: { 200: Type.Array(AuditEntrySchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAudit(app.db, request.query);
      setPageHeaders(reply, request.query.page, PAGE_SIZE, total);
      return rows;
    },
  );
};

export default auditRoutes;
