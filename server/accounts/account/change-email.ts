import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeEmailBodySchema,
  ConfirmEmailChangeBodySchema,
  ConfirmedEmailSchema,
} from '../../../contract/schemas/account-schemas';
import { MessageSchema } from '../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { isUniqueViolation } from '../../platform/db/db-errors';
import { badRequest, conflict, HttpError } from '../../platform/http/http-errors';
import { invalid } from '../../platform/http/validation-errors';
import type { MailMessage } from '../../platform/mail/mailer';
import { addressTakenMail, confirmEmailChangeMail } from '../../platform/mail/templates';
import {
  EMAIL_SENT_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  emailIssue,
  INVALID_TOKEN_MESSAGE,
  SAME_EMAIL_MESSAGE,
} from '../account-rules';
import { findAccountByEmail, findAccountById, normaliseEmail, setEmail } from '../accounts-repository';
import { mailLimit, type SignInLimits } from '../auth/attempt-limits';
import { consumeEmailToken, issueEmailToken } from '../email-tokens-repository';

/**
 * Changing the e-mail: a link to the new address (valid 24 hours, once) applies the change.
 *
 * The answer is the same whether or not the new address is taken, so the form cannot be used to find out who
 * has an account (issue 12). When it is taken, its owner gets a short note instead of a link — rather than no
 * mail — so that both cases do the same work (a mail sent while the request waits; the same 503 when it cannot
 * go out) and take about as long, and so that a user who typed the address of another account of theirs learns
 * why no link came. Each account may cause `mailsPerAccount` of these mails per window, from any address.
 */
const changeEmailRoutes: FastifyPluginAsyncTypebox<{ limits: SignInLimits }> = async (app, { limits }) => {
  const mailsFor = mailLimit(app, 'change-email', limits.mailsPerAccount);

  app.post(
    '/client/account/change-email',
    {
      schema: {
        tags: ['account'],
        summary: 'E-mail a confirmation link to a new address',
        body: ChangeEmailBodySchema,
        response: { 200: MessageSchema, ...errorResponses(401, 403, 422, 429, 503) },
      },
    },
    async (request) => {
      const { account } = request;
      const issue = emailIssue(request.body.email);
      if (issue) throw invalid(['body', 'email'], issue);
      const email = normaliseEmail(request.body.email);
      if (email === account.email) throw invalid(['body', 'email'], SAME_EMAIL_MESSAGE);
      await mailsFor(String(account.id));

      const owner = await findAccountByEmail(app.db, email);
      let mail: MailMessage;
      if (owner) mail = addressTakenMail(owner.email, owner.language);
      else {
        const token = await issueEmailToken(app.db, {
          account_id: account.id,
          purpose: 'change_email',
          new_email: email,
        });
        const link = `${app.appUrl}/confirm-email-change?token=${encodeURIComponent(token)}`;
        mail = confirmEmailChangeMail(email, account.language, link);
      }
      try {
        await app.mailer.send(mail);
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
