import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findAccountByEmail, normaliseEmail } from '../../db/accounts-repository';
import { FixedWindowLimiter, type LimitRule } from '../../lib/fixed-window-limiter';
import { forbidden, HttpError, unauthorized } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { AccessTokenSchema, SignInBodySchema } from '../../schemas/auth-schemas';
import { errorResponses } from '../../schemas/common-schemas';

export interface SignInLimits {
  /** Attempts per e-mail from one address. */
  perEmailIp: LimitRule;
  /** Attempts from one address, whatever the e-mail. */
  perIp: LimitRule;
}

export const defaultSignInLimits: SignInLimits = {
  perEmailIp: { max: 10, windowMs: 15 * 60_000 },
  perIp: { max: 50, windowMs: 15 * 60_000 },
};

const signInRoutes: FastifyPluginAsyncTypebox<{ limits: SignInLimits }> = async (app, { limits }) => {
  const perEmailIp = new FixedWindowLimiter(limits.perEmailIp);
  const perIp = new FixedWindowLimiter(limits.perIp);

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
      const key = `${email}|${request.ip}`;
      const withinIp = perIp.hit(request.ip);
      const withinKey = perEmailIp.hit(key);
      if (!withinIp || !withinKey) throw new HttpError(429, 'Too many sign-in attempts, try again later');

      const account = await findAccountByEmail(app.db, email);
      const valid = await verifyPassword(account?.password_hash, request.body.password);
      if (!account || !valid) throw unauthorized('Incorrect email or password');
      if (account.is_blocked) throw forbidden('Account is blocked');

      perEmailIp.reset(key);
      return { access_token: await app.issueAccessToken(account), token_type: 'bearer' as const };
    },
  );
};

export default signInRoutes;
