import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountInfoPatchSchema, AccountInfoSchema } from '../../../contract/schemas/account-schemas';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { forbidden, unauthorized } from '../../platform/http/http-errors';
import { listPartnerFees, updateAccountPreferences } from '../accounts-repository';
import { toAccountInfo } from './account-info-view';

const accountInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/client/account/info',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in account',
        response: { 200: AccountInfoSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      toAccountInfo(
        request.account,
        await app.accountCache.partnerFees(request.account.id, (id) => listPartnerFees(app.db, id)),
      ),
  );

  app.patch(
    '/client/account/info',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the language, the e-mail notifications (releases, builds) or (testers) beta testing',
        body: AccountInfoPatchSchema,
        response: { 200: AccountInfoSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      if (request.body.beta_testing !== undefined && !request.account.is_tester) {
        throw forbidden('Only beta testers can change beta testing');
      }
      const updated = await updateAccountPreferences(app.db, request.account.id, request.body);
      if (!updated) throw unauthorized();
      return toAccountInfo(updated, await listPartnerFees(app.db, updated.id));
    },
  );
};

export default accountInfoRoutes;
