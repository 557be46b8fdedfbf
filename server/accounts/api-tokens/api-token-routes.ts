import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ApiTokenCreatedSchema,
  ApiTokenCreateSchema,
  ApiTokenIdParamsSchema,
  ApiTokenOwnerQuerySchema,
  ApiTokenSchema,
} from '../../../contract/schemas/api-token-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { recordAudit } from '../../audit/audit-log';
import type { Db } from '../../platform/db/client';
import type { ApiTokenRow } from '../../platform/db/schema';
import { created } from '../../platform/http/created';
import { notFound } from '../../platform/http/http-errors';
import { routesUnder } from '../../platform/http/route-options';
import { invalid } from '../../platform/http/validation-errors';
import { findAccountById } from '../accounts-repository';
import { newApiToken } from './api-token-secret';
import { insertApiToken, listApiTokens, revokeApiToken } from './api-tokens-repository';

const MINE = '/client/account/tokens';
const ANY = '/admin/user/tokens';
export const TOKEN_NOT_FOUND = 'API token not found';
export const EXPIRY_IN_PAST = 'The expiry must be in the future';
const NAME_BLANK = 'Must be at least 1 characters';

const iso = (moment: Date | null) => moment?.toISOString() ?? null;

export const toApiToken = (row: ApiTokenRow) => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  hint: row.hint,
  created_at: row.created_at.toISOString(),
  expires_at: iso(row.expires_at),
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});

/** Revokes a token and records who did, in one transaction; undefined when there was none to revoke. */
function revokeAudited(db: Db, actorId: number, id: number, ownerId?: number) {
  return db.transaction(async (tx) => {
    const row = await revokeApiToken(tx, id, ownerId);
    if (row)
      await recordAudit(tx, {
        actorId,
        action: 'api_token.revoke',
        objectType: 'api_token',
        objectId: id,
        before: { name: row.name, account_id: row.account_id },
      });
    return row;
  });
}

/**
 * Issue 38: API tokens. An account makes, lists and revokes its own (making one needs the password's session,
 * not another token); admins list and revoke anyone's. Made, first used (api-token-auth.ts) and revoked are
 * audited whoever the account is.
 */
const apiTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mine = routesUnder(['api tokens']);
  const admin = routesUnder(['api tokens'], app.requireAdmin);

  app.get(
    MINE,
    mine({
      summary: 'My API tokens, revoked ones too, newest first',
      response: { 200: Type.Array(ApiTokenSchema), ...errorResponses(401, 403) },
    }),
    async (request) => (await listApiTokens(app.db, request.account.id)).map(toApiToken),
  );

  app.post(
    MINE,
    {
      config: { sessionOnly: true },
      ...mine({
        summary: 'Make an API token; the answer shows it this once',
        body: ApiTokenCreateSchema,
        response: { 201: ApiTokenCreatedSchema, ...errorResponses(401, 403, 422) },
      }),
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) throw invalid(['body', 'name'], NAME_BLANK);
      const expiresAt = request.body.expires_at ? new Date(request.body.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now())
        throw invalid(['body', 'expires_at'], EXPIRY_IN_PAST);
      const made = newApiToken();
      const row = await app.db.transaction(async (tx) => {
        const inserted = await insertApiToken(tx, {
          account_id: request.account.id,
          name,
          scope: request.body.scope,
          token_hash: made.hash,
          hint: made.hint,
          expires_at: expiresAt,
        });
        await recordAudit(tx, {
          actorId: request.account.id,
          action: 'api_token.create',
          objectType: 'api_token',
          objectId: inserted.id,
          after: { name, scope: inserted.scope, expires_at: iso(inserted.expires_at) },
        });
        return inserted;
      });
      created(reply, ['client', 'account', 'tokens', row.id]);
      return { ...toApiToken(row), token: made.token };
    },
  );

  app.delete(
    `${MINE}/:id`,
    mine({
      summary: 'Revoke one of my API tokens; it stops working at once',
      params: ApiTokenIdParamsSchema,
      response: { 204: Type.Null({ description: 'Revoked' }), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      const revoked = await revokeAudited(app.db, request.account.id, request.params.id, request.account.id);
      if (!revoked) throw notFound(TOKEN_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  app.get(
    ANY,
    admin({
      summary: "An account's API tokens (admins)",
      querystring: ApiTokenOwnerQuerySchema,
      response: { 200: Type.Array(ApiTokenSchema), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      if (!(await findAccountById(app.db, request.query.user_id))) throw notFound('Partner not found');
      return (await listApiTokens(app.db, request.query.user_id)).map(toApiToken);
    },
  );

  app.delete(
    `${ANY}/:id`,
    admin({
      summary: "Revoke any account's API token (admins)",
      params: ApiTokenIdParamsSchema,
      response: { 204: Type.Null({ description: 'Revoked' }), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      if (!(await revokeAudited(app.db, request.account.id, request.params.id)))
        throw notFound(TOKEN_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};

export default apiTokenRoutes;
