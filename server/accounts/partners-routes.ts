import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PAGE_SIZE } from '../../contract/constants';
import { REMOVED_EMAIL_DETAIL } from '../../contract/restore';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  PartnerCreateSchema,
  PartnerPatchSchema,
  PartnerSchema,
  PartnersQuerySchema,
  UserIdQuerySchema,
} from '../../contract/schemas/partners-schemas';
import { isUniqueViolation } from '../platform/db/db-errors';
import { created as createdAt } from '../platform/http/created';
import { conflict, notFound } from '../platform/http/http-errors';
import { setPageHeaders } from '../platform/http/paging';
import { routesUnder } from '../platform/http/route-options';
import { ValidationFailedError } from '../platform/http/validation-errors';
import { EMAIL_TAKEN_MESSAGE } from './account-rules';
import { findAccountByEmail } from './accounts-repository';
import { feesOf, partnerUpdateAudits, recordAll } from './partner-audit';
import { feesByAccount } from './partner-fees-repository';
import { checkPartner } from './partner-rules';
import { toPartner } from './partner-views';
import {
  createPartner,
  findPartner,
  LastAdminError,
  listPartners,
  removePartner,
  restorePartner,
  updatePartner,
} from './partners-repository';
import { hashPassword } from './passwords';

const PARTNER_NOT_FOUND = 'Partner not found';

/** Partners (spec §7): every account but removed ones. Admins manage them; developers may read the list. */
const partnersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const readers = routesUnder(['partners'], app.requireAdminOrDeveloper);
  const admin = routesUnder(['partners'], app.requireAdmin);
  const withFees = async (id: number) => {
    const partner = await findPartner(app.db, id);
    if (!partner) throw notFound(PARTNER_NOT_FOUND);
    return toPartner(partner, (await feesByAccount(app.db, [id])).get(id) ?? []);
  };

  /** A write that would leave no active admin was rolled back: a 422 on the field that would have done it. */
  const lastAdmin = (error: unknown, loc: string[]) =>
    error instanceof LastAdminError ? new ValidationFailedError([{ loc, msg: error.message }]) : error;

  /** A unique violation on the e-mail (someone took it between our check and the write) is a 409 too. */
  const emailConflict = (error: unknown) =>
    isUniqueViolation(error, 'accounts_email_unique') ? conflict(EMAIL_TAKEN_MESSAGE) : error;

  app.get(
    '/admin/users',
    readers({
      summary: 'Partners, 20 a page, searched by e-mail or worker, optionally only VIPs',
      querystring: PartnersQuerySchema,
      response: { 200: { type: 'array', items: PartnerSchema }, ...errorResponses(401, 403, 422) },
    }),
    async (request, reply) => {
      const { search, by_vip, page, include_removed } = request.query;
      // Show removed is for admins only (spec §6).
      const withRemoved = include_removed === true && request.account.is_admin;
      const { rows, total } = await listPartners(app.db, { search, byVip: by_vip, withRemoved }, page);
      const fees = await feesByAccount(
        app.db,
        rows.map((row) => row.id),
      );
      setPageHeaders(reply, page, PAGE_SIZE, total);
      return rows.map((row) => toPartner(row, fees.get(row.id) ?? []));
    },
  );

  app.get(
    '/admin/user',
    admin({
      summary: 'One partner',
      querystring: UserIdQuerySchema,
      response: { 200: PartnerSchema, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => withFees(request.query.user_id),
  );

  app.post(
    '/admin/users',
    admin({
      summary: 'Create a partner, with custom DevFee per series when given',
      body: PartnerCreateSchema,
      response: { 201: PartnerSchema, ...errorResponses(401, 403, 409, 422) },
    }),
    async (request, reply) => {
      const { custom_dev_fee, password, ...fields } = request.body;
      checkPartner(request.body);
      const holder = await findAccountByEmail(app.db, fields.email);
      // Issue 17: a removed partner's e-mail stays its own; the form offers to restore that partner.
      if (holder) throw conflict(holder.is_removed ? REMOVED_EMAIL_DETAIL : EMAIL_TAKEN_MESSAGE);
      const created = await createPartner(
        app.db,
        request.account.id,
        { ...fields, password_hash: await hashPassword(password) },
        custom_dev_fee ?? undefined,
      ).catch((error: unknown) => {
        throw emailConflict(error);
      });
      createdAt(reply, ['admin', 'user'], { user_id: created.id });
      return withFees(created.id);
    },
  );

  app.patch(
    '/admin/user',
    admin({
      summary: 'Update a partner; custom_dev_fee patches or creates series, null deletes every fee record',
      querystring: UserIdQuerySchema,
      body: PartnerPatchSchema,
      response: { 200: PartnerSchema, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request) => {
      const id = request.query.user_id;
      const { custom_dev_fee, password, ...fields } = request.body;
      checkPartner(request.body);
      const partner = await findPartner(app.db, id);
      if (!partner) throw notFound(PARTNER_NOT_FOUND);
      if (id === request.account.id && fields.is_blocked) throw conflict('You cannot block yourself');
      if (fields.email !== undefined) {
        const owner = await findAccountByEmail(app.db, fields.email);
        if (owner && owner.id !== id) throw conflict(EMAIL_TAKEN_MESSAGE);
      }
      const blocking = fields.is_blocked === true && !partner.is_blocked;
      const updated = await updatePartner(
        app.db,
        id,
        {
          values: {
            ...fields,
            ...(password === undefined ? {} : { password_hash: await hashPassword(password) }),
            // Beta testing is a tester's switch: it goes with the role.
            ...(fields.is_tester === false ? { beta_testing: false } : {}),
          },
          fees: custom_dev_fee,
          endSessions: blocking || password !== undefined,
        },
        async (tx, wasRow) => {
          const was = { row: wasRow, fees: await feesOf(tx, id) };
          return async (tx, row) => {
            const now = { row, fees: await feesOf(tx, id) };
            await recordAll(tx, partnerUpdateAudits(request.account.id, was, now, password !== undefined));
          };
        },
      ).catch((error: unknown) => {
        throw lastAdmin(emailConflict(error), [
          'body',
          fields.is_admin === false ? 'is_admin' : 'is_blocked',
        ]);
      });
      if (!updated) throw notFound(PARTNER_NOT_FOUND);
      return withFees(id);
    },
  );

  app.delete(
    '/admin/user',
    admin({
      summary: 'Remove a partner: hidden from the list, blocked, signed out everywhere',
      querystring: UserIdQuerySchema,
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request, reply) => {
      const id = request.query.user_id;
      if (id === request.account.id) throw conflict('You cannot remove yourself');
      const removed = await removePartner(app.db, request.account.id, id).catch((error: unknown) => {
        throw lastAdmin(error, ['query', 'user_id']);
      });
      if (!removed) throw notFound(PARTNER_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/user/restore',
    admin({
      summary: 'Restore a removed partner (issue 17): as it was before, with its sets, builds and fees',
      querystring: UserIdQuerySchema,
      response: { 200: PartnerSchema, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      const id = request.query.user_id;
      if (!(await restorePartner(app.db, request.account.id, id)))
        throw notFound('Removed partner not found');
      return withFees(id);
    },
  );
};

export default partnersRoutes;
