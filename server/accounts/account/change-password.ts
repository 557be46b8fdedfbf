import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangePasswordBodySchema } from '../../../contract/schemas/account-schemas';
import { AccessTokenSchema } from '../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { unauthorized } from '../../platform/http/http-errors';
import { ValidationFailedError } from '../../platform/http/validation-errors';
import { passwordIssue } from '../account-rules';
import { setPassword } from '../accounts-repository';
import { accountBackoff, type SignInLimits } from '../auth/attempt-limits';
import { hashPassword, verifyPassword } from '../passwords';

export const SAME_PASSWORD = 'The new password must differ from the current one';

/**
 * Changes the password. Every token issued so far stops working; the answer carries a fresh one, so only
 * the session that made the change goes on.
 *
 * Checking the current password is a guess like a sign-in (issue 36): it takes an attempt from sign-in's
 * per-account back-off, under the same key, so that a stolen session gets no more guesses than a stranger at
 * the sign-in form, and the refusal is sign-in's (429, Retry-After).
 */
const changePasswordRoutes: FastifyPluginAsyncTypebox<{ limits: SignInLimits }> = async (app, { limits }) => {
  const perAccount = accountBackoff(app, 'sign-in', limits.perAccount);

  app.post(
    '/client/account/change-password',
    {
      // Issue 38: a leaked API token must not take the account over.
      config: { sessionOnly: true },
      schema: {
        tags: ['account'],
        summary: 'Change my password (8 to 32 characters); other sessions end',
        body: ChangePasswordBodySchema,
        response: { 200: AccessTokenSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const { old_password, new_password } = request.body;
      const issues: { loc: string[]; msg: string }[] = [];
      const { email } = request.account;
      if (!old_password) issues.push({ loc: ['body', 'old_password'], msg: 'Password is required' });
      else {
        await perAccount.take(email);
        if (await verifyPassword(request.account.password_hash, old_password))
          await perAccount.forgive(email);
        else {
          await perAccount.failed(email);
          issues.push({ loc: ['body', 'old_password'], msg: 'Current password is incorrect' });
        }
      }
      const newIssue =
        passwordIssue(new_password) ??
        (issues.length === 0 && new_password === old_password ? SAME_PASSWORD : undefined);
      if (newIssue) issues.push({ loc: ['body', 'new_password'], msg: newIssue });
      if (issues.length > 0) throw new ValidationFailedError(issues);

      const updated = await setPassword(app.db, request.account.id, await hashPassword(new_password));
      if (!updated) throw unauthorized();
      return { access_token: await app.issueAccessToken(updated), token_type: 'bearer' as const };
    },
  );
};

export default changePasswordRoutes;
