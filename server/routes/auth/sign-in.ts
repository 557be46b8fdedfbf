import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessTokenSchema, SignInBodySchema } from '../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { findAccountByEmail, normaliseEmail } from '../../db/accounts-repository';
import { forbidden, HttpError, unauthorized } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { attemptLimits, type SignInLimits } from './attempt-limits';

const signInRoutes: FastifyPluginAsyncTypebox<{ limits: SignInLimits }> = async (app, { limits }) => {
  const attempts = attemptLimits(app, 'sign-in', limits);

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
      const allowed = await attempts.allow(email, request.ip);
      if (!allowed) throw new HttpError(429, 'Too many sign-in attempts, try again later');

      const account = await findAccountByEmail(app.db, email);
      const valid = await verifyPassword(account?.password_hash, request.body.password);
      if (!account || !valid) throw unauthorized('Incorrect email or password');
      if (account.is_blocked) throw forbidden('Account is blocked');

      await attempts.forgive(email, request.ip);
      return { access_token: await app.issueAccessToken(account), token_type: 'bearer' as const };
    },
  );
};

export default signInRoutes;
