import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ForgotPasswordBodySchema, MessageSchema } from '../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { resetPasswordMail } from '../../platform/mail/templates';
import { EMAIL_SENT_MESSAGE } from '../account-rules';
import { findAccountByEmail, normaliseEmail } from '../accounts-repository';
import { issueEmailToken } from '../email-tokens-repository';
import { attemptLimits, mailLimit, type SignInLimits } from './attempt-limits';

/**
 * Sends a password-reset link. The answer is the same whether or not the e-mail has an account, and the mail
 * goes out after the answer, so neither the body nor the timing tells which e-mails exist. The mails to one
 * e-mail are limited from any address (`mailsPerAccount`); that limit counts requests for the e-mail whether or
 * not an account has it, so its 429 (with Retry-After) tells nothing either, and the owner learns why no new
 * mail came instead of waiting for one that was never sent.
 */
const forgotPasswordRoutes: FastifyPluginAsyncTypebox<{ limits: SignInLimits }> = async (app, { limits }) => {
  const attempts = attemptLimits(app, 'forgot-password', limits, 'Too many requests, try again later');
  const mailsTo = mailLimit(app, 'forgot-password', limits.mailsPerAccount);

  const sendResetLink = async (email: string) => {
    const account = await findAccountByEmail(app.db, email);
    if (!account || account.is_blocked || account.is_removed) return;
    const token = await issueEmailToken(app.db, { account_id: account.id, purpose: 'reset_password' });
    const link = `${app.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await app.mailer.send(resetPasswordMail(account.email, account.language, link));
  };

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
      sendResetLink(email).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not send the password reset e-mail'),
      );
      return { detail: EMAIL_SENT_MESSAGE };
    },
  );
};

export default forgotPasswordRoutes;
