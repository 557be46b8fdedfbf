import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeEmailBodySchema,
  ConfirmEmailChangeBodySchema,
  ConfirmedEmailSchema,
} from '../../../../contract/schemas/account-schemas';
import { MessageSchema } from '../../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../../contract/schemas/common-schemas';
import {
  findAccountByEmail,
  findAccountById,
  normaliseEmail,
  setEmail,
} from '../../../db/accounts-repository';
import { isUniqueViolation } from '../../../db/db-errors';
import { consumeEmailToken, issueEmailToken } from '../../../db/email-tokens-repository';
import {
  EMAIL_SENT_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  emailIssue,
  INVALID_TOKEN_MESSAGE,
  SAME_EMAIL_MESSAGE,
} from '../../../lib/account-rules';
import { badRequest, conflict, HttpError } from '../../../lib/http-errors';
import { invalid } from '../../../lib/validation-errors';
import { confirmEmailChangeMail } from '../../../mail/templates';

/** Changing the e-mail: a link to the new address (valid 24 hours, once) applies the change. */
const changeEmailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/client/account/change-email',
    {
      schema: {
        tags: ['account'],
        summary: 'E-mail a confirmation link to a new address',
        body: ChangeEmailBodySchema,
        response: { 200: MessageSchema, ...errorResponses(401, 403, 409, 422, 503) },
      },
    },
    async (request) => {
      const { account } = request;
      const issue = emailIssue(request.body.email);
      if (issue) throw invalid(['body', 'email'], issue);
      const email = normaliseEmail(request.body.email);
      if (email === account.email) throw invalid(['body', 'email'], SAME_EMAIL_MESSAGE);
      if (await findAccountByEmail(app.db, email)) throw conflict(EMAIL_TAKEN_MESSAGE);

      const token = await issueEmailToken(app.db, {
        account_id: account.id,
        purpose: 'change_email',
        new_email: email,
      });
      const link = `${app.appUrl}/confirm-email-change?token=${encodeURIComponent(token)}`;
      try {
        await app.mailer.send(confirmEmailChangeMail(email, account.language, link));
      } catch (error) {
        request.log.error({ err: error }, 'could not send the e-mail change confirmation');
        throw new HttpError(503, 'The e-mail could not be sent, try again later');
      }
      return { detail: EMAIL_SENT_MESSAGE };
    },
  );

  app.post(
    '/client/account/confirm-change-email',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        summary: 'Apply an e-mail change with the e-mailed token',
        security: [],
        body: ConfirmEmailChangeBodySchema,
        response: { 200: ConfirmedEmailSchema, ...errorResponses(400, 403, 409, 422) },
      },
    },
    async (request) => {
      // One transaction: when the address was taken meanwhile, the token is not spent.
      const changed = await app.db
        .transaction(async (tx) => {
          const used = await consumeEmailToken(tx, request.body.token, 'change_email');
          const account = used && (await findAccountById(tx, used.account_id));
          if (!used?.new_email || !account || account.is_removed) return undefined;
          const owner = await findAccountByEmail(tx, used.new_email);
          if (owner && owner.id !== account.id) throw conflict(EMAIL_TAKEN_MESSAGE);
          return setEmail(tx, account.id, used.new_email);
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error, 'accounts_email_unique') ? conflict(EMAIL_TAKEN_MESSAGE) : error;
        });
      if (!changed) throw badRequest(INVALID_TOKEN_MESSAGE);
      return { email: changed.email };
    },
  );
};

export default changeEmailRoutes;
