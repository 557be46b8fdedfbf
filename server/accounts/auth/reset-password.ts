import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageSchema, ResetPasswordBodySchema } from '../../../contract/schemas/auth-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { badRequest } from '../../platform/http/http-errors';
import { invalid } from '../../platform/http/validation-errors';
import { INVALID_TOKEN_MESSAGE, passwordIssue } from '../account-rules';
import { setPassword } from '../accounts-repository';
import { consumeEmailToken } from '../email-tokens-repository';
import { hashPassword } from '../passwords';

/** Sets a new password with an e-mailed token; every session of the account ends. */
const resetPasswordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/reset-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password (8 to 32 characters) with a reset token; the token works once',
        security: [],
        body: ResetPasswordBodySchema,
        response: { 200: MessageSchema, ...errorResponses(400, 403, 422) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const issue = passwordIssue(password);
      if (issue) throw invalid(['body', 'password'], issue);
      const passwordHash = await hashPassword(password);
      const changed = await app.db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, token, 'reset_password');
        return used ? setPassword(tx, used.account_id, passwordHash) : undefined;
      });
      if (!changed) throw badRequest(INVALID_TOKEN_MESSAGE);
      return { detail: 'Password was changed' };
    },
  );
};

export default resetPasswordRoutes;
