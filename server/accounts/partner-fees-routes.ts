import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PartnerFeeSchema } from '../../contract/schemas/account-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { FeeCreateSchema, FeePatchSchema, FeeQuerySchema } from '../../contract/schemas/partners-schemas';
import { feeIssues } from '../builds/input/fee-rules';
import { isUniqueViolation } from '../platform/db/db-errors';
import { created } from '../platform/http/created';
import { conflict, notFound } from '../platform/http/http-errors';
import { ValidationFailedError } from '../platform/http/validation-errors';
import { insertPartnerFee } from './accounts-repository';
import { feeAudit } from './partner-audit';
import { deletePartnerFee, findPartnerFee, updatePartnerFee } from './partner-fees-repository';
import { toPartnerFee } from './partner-views';
import { findPartner } from './partners-repository';

const FEE_EXISTS = 'The partner already has a fee for this series';
const FEE_NOT_FOUND = 'Fee not found';

function check(issues: ReturnType<typeof feeIssues>): void {
  if (issues.length > 0) throw new ValidationFailedError(issues);
}

/** A partner's fee record per series (spec §4 'Partner create/update'); admins only. */
const partnerFeesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const requirePartner = async (id: number) => {
    if (!(await findPartner(app.db, id))) throw notFound('Partner not found');
  };

  app.post(
    '/admin/user/fee',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['partners'],
        summary: "Create a partner's fee record for a series",
        body: FeeCreateSchema,
        response: { 201: PartnerFeeSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user_id, series, min_dev_fee, min_total_fee } = request.body;
      check(feeIssues({ min_dev_fee, min_total_fee }, ['body']));
      await requirePartner(user_id);
      const row = await app.db
        .transaction(async (tx) => {
          const created = await insertPartnerFee(tx, { user_id, series, min_dev_fee, min_total_fee });
          await feeAudit(tx, request.account.id, user_id, series, undefined, created);
          return created;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(FEE_EXISTS) : error;
        });
      // A fee record has no path of its own: it is shown with its partner.
      created(reply, ['admin', 'user'], { user_id });
      return toPartnerFee(row);
    },
  );

  app.patch(
    '/admin/user/fee',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['partners'],
        summary: "Change a partner's fee record for a series",
        querystring: FeeQuerySchema,
        body: FeePatchSchema,
        response: { 200: PartnerFeeSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { user_id, series } = request.query;
      await requirePartner(user_id);
      const current = await findPartnerFee(app.db, user_id, series);
      if (!current) throw notFound(FEE_NOT_FOUND);
      check(feeIssues(request.body, ['body'], current));
      const row = await app.db.transaction(async (tx) => {
        const updated = await updatePartnerFee(tx, user_id, series, request.body);
        if (!updated) throw notFound(FEE_NOT_FOUND);
        await feeAudit(tx, request.account.id, user_id, series, current, updated);
        return updated;
      });
      return toPartnerFee(row);
    },
  );

  app.delete(
    '/admin/user/fee',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['partners'],
        summary: "Delete a partner's fee record for a series",
        querystring: FeeQuerySchema,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { user_id, series } = request.query;
      await requirePartner(user_id);
      const current = await findPartnerFee(app.db, user_id, series);
      await app.db.transaction(async (tx) => {
        if (!(await deletePartnerFee(tx, user_id, series))) throw notFound(FEE_NOT_FOUND);
        await feeAudit(tx, request.account.id, user_id, series, current, undefined);
      });
      return reply.code(204).send(null);
    },
  );
};

export default partnerFeesRoutes;
