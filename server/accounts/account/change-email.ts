import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeEmailBodySchema,
  ConfirmEmailChangeBodySchema,
  ConfirmedEmailSchema,
} from '../../../contract/schemas/account-schemas';
import { MessageSchema } from '../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { isUniqueViolation } from '../../platform/db/db-errors';
import { badRequest, conflict } from '../../platform/http/http-errors';
import { invalid } from '../../platform/http/validation-errors';
import { enqueueMails } from '../../platform/mail/outbox';
import {
  EMAIL_SENT_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  emailIssue,
  INVALID_TOKEN_MESSAGE,
  SAME_EMAIL_MESSAGE,
} from '../account-rules';
import { findAccountByEmail, findAccountById, normaliseEmail, setEmail } from '../accounts-repository';
import { mailLimit, type SignInLimits } from '../auth/attempt-limits';
import { consumeEmailToken } from '../email-tokens-repository';

/**
 * Changing the e-mail: a link to the new address (valid 24 hours, once) applies the change, and the old
 * address is told of it (issue 37: the account-takeover alarm).
 *
 * The answer is the same whether or not the new address is taken, so the form cannot be used to find out who
 * has an account (issue 12). When it is taken, its owner gets a short note instead of a link — rather than no
 * mail — so that both cases do the same work (one row queued in the mail outbox) and take about as long, and
 * so that a user who typed the address of another account of theirs learns why no link came. Every mail goes
 * through the outbox (issue 43), which retries while SMTP is down; the link's token is made when the mail is
 * rendered (server/accounts/account-mail.ts). Each account may cause `mailsPerAccount` of these mails per
 * window, from any address.
 */
const changeEmailRoutes: FastifyPluginAsyncTypebox<{ limits: SignInLimits }> = async (app, { limits }) => {
  const mailsFor = mailLimit(app, 'change-email', limits.mailsPerAccount);

  app.post(
    '/client/account/change-email',
    {
      // Issue 38: a leaked API token must not take the account over.
      config: { sessionOnly: true },
      schema: {
        tags: ['account'],
        summary: 'E-mail a confirmation link to a new address',
        body: ChangeEmailBodySchema,
        response: { 200: MessageSchema, ...errorResponses(401, 403, 422, 429) },
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
      await enqueueMails(app.db, [
        owner
          ? { kind: 'address_taken', account_id: owner.id }
          : { kind: 'change_email', account_id: account.id, to_email: email },
      ]);
      app.mailOutbox.soon();
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
          const changed = await setEmail(tx, account.id, used.new_email);
          // Issue 37: the old address hears of it, in the same transaction as the change.
          if (changed && account.email !== changed.email)
            await enqueueMails(tx, [
              { kind: 'email_changed', account_id: account.id, to_email: account.email },
            ]);
          return changed;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error, 'accounts_email_unique') ? conflict(EMAIL_TAKEN_MESSAGE) : error;
        });
      if (!changed) throw badRequest(INVALID_TOKEN_MESSAGE);
      app.mailOutbox.soon();
      return { email: changed.email };
    },
  );
};

export default changeEmailRoutes;
