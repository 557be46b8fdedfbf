import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessTokenSchema, SignInBodySchema } from '../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { forbidden, unauthorized } from '../../platform/http/http-errors';
import { findAccountByEmail, normaliseEmail } from '../accounts-repository';
import { verifyPassword } from '../passwords';
import { accountBackoff, attemptLimits, type SignInLimits, TOO_MANY_SIGN_INS } from './attempt-limits';

const signInRoutes: FastifyPluginAsyncTypebox<{ limits: SignInLimits }> = async (app, { limits }) => {
  const attempts = attemptLimits(app, 'sign-in', limits, TOO_MANY_SIGN_INS);
  const perAccount = accountBackoff(app, 'sign-in', limits.perAccount);

  app.post(
    '/auth/sign-in',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange e-mail and password for a bearer token',
        security: [],
        body: SignInBodySchema,
        response: { 200: AccessTokenSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      // Per address first (an address over its allowance does not use up the account's), then per account.
      await attempts.take(email, request.ip);
      await perAccount.take(email);

      const account = await findAccountByEmail(app.db, email);
      const valid = await verifyPassword(account?.password_hash, request.body.password);
      if (!account || !valid) {
        await perAccount.failed(email);
        throw unauthorized('Incorrect email or password');
      }
      if (account.is_blocked) throw forbidden('Account is blocked');

      await attempts.forgive(email, request.ip);
      await perAccount.forgive(email);
      return { access_token: await app.issueAccessToken(account), token_type: 'bearer' as const };
    },
  );
};

export default signInRoutes;
