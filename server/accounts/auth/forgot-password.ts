import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ForgotPasswordBodySchema, MessageSchema } from '../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { enqueueMails } from '../../platform/mail/outbox';
import { EMAIL_SENT_MESSAGE } from '../account-rules';
import { normaliseEmail } from '../accounts-repository';
import { attemptLimits, mailLimit, type SignInLimits } from './attempt-limits';

/**
 * Sends a password-reset link through the mail outbox (issue 43): the request is answered once its row is
 * stored, and the outbox sends it, retrying while SMTP is down. The row is stored for any e-mail, and whether
 * an active account has it is decided when the mail is rendered (server/accounts/account-mail.ts), so neither
 * the answer's body nor its timing tells which e-mails exist. The mails to one e-mail are limited from any
 * address (`mailsPerAccount`); that limit counts requests for the e-mail whether or not an account has it, so
 * its 429 (with Retry-After) tells nothing either, and the owner learns why no new mail came instead of
 * waiting for one that was never sent.
 */
const forgotPasswordRoutes: FastifyPluginAsyncTypebox<{ limits: SignInLimits }> = async (app, { limits }) => {
  const attempts = attemptLimits(app, 'forgot-password', limits, 'Too many requests, try again later');
  const mailsTo = mailLimit(app, 'forgot-password', limits.mailsPerAccount);

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use password reset link (valid for one hour)',
        security: [],
        body: ForgotPasswordBodySchema,
        response: { 200: MessageSchema, ...errorResponses(403, 422, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      await attempts.take(email, request.ip);
      await mailsTo(email);
      await enqueueMails(app.db, [{ kind: 'reset_password', to_email: email }]);
      app.mailOutbox.soon();
      return { detail: EMAIL_SENT_MESSAGE };
    },
  );
};

export default forgotPasswordRoutes;
