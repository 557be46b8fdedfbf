import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MessageSchema } from '../../contract/schemas/auth-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { badRequest } from '../platform/http/http-errors';
import { INVALID_TOKEN_MESSAGE } from './account-rules';
import { updateAccountPreferences } from './accounts-repository';
import { UNSUBSCRIBE_PURPOSE, verifyUnsubscribeToken } from './unsubscribe-token';

export const UNSUBSCRIBED_MESSAGE = 'You will no longer receive e-mails about new releases';

const UnsubscribeQuerySchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/**
 * One-click unsubscribe from release e-mails (issue 15), signed out: the link's signed token names the
 * account, and send_email becomes false. The console's /unsubscribe page posts here on arrival, and so do
 * mail clients that honour RFC 8058 (List-Unsubscribe-Post, a form body): no XSRF token then, which is safe
 * as the signed token is the credential and no other site can make one.
 */
const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const key = app.purposeKey(UNSUBSCRIBE_PURPOSE);
  // RFC 8058 clients post `List-Unsubscribe=One-Click` as a form; its content is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );

  app.post(
    '/mail/unsubscribe',
    {
      config: { public: true, xsrfExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'Stop release e-mails for the account an unsubscribe link was made for',
        security: [],
        querystring: UnsubscribeQuerySchema,
        response: { 200: MessageSchema, ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      const accountId = verifyUnsubscribeToken(key, request.query.token);
      const changed = accountId && (await updateAccountPreferences(app.db, accountId, { send_email: false }));
      if (!changed) throw badRequest(INVALID_TOKEN_MESSAGE);
      app.accountCache.forget(changed.id);
      return { detail: UNSUBSCRIBED_MESSAGE };
    },
  );

  // A person who opens the one-click address (a mail client showing the List-Unsubscribe link) lands on the
  // console's page, which asks before nothing and posts: a GET itself never unsubscribes (link scanners).
  app.get(
    '/mail/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Redirects to the console’s unsubscribe page with the same token (changes nothing)',
        security: [],
        querystring: UnsubscribeQuerySchema,
        response: { 303: Type.Null({ description: 'To /unsubscribe?token=…' }), ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      reply.redirect(`${app.appUrl}/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );
};

export default unsubscribeRoutes;
