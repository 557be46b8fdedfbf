import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiTokenOwnerQuerySchema } from '../../contract/schemas/api-token-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  AdminWebhookSchema,
  WebhookCreatedSchema,
  WebhookCreateSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookIdParamsSchema,
  WebhookSchema,
  WebhookUpdateSchema,
} from '../../contract/schemas/webhook-schemas';
import { findAccountById } from '../accounts/accounts-repository';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../platform/db/schema';
import { created } from '../platform/http/created';
import { notFound } from '../platform/http/http-errors';
import { routesUnder } from '../platform/http/route-options';
import { invalid } from '../platform/http/validation-errors';
import { checkWebhookUrl } from './webhook-address';
import { newWebhookSecret } from './webhook-signature';
import {
  deleteWebhook,
  findOwnWebhook,
  insertWebhook,
  lastDeliveries,
  listDeliveries,
  listWebhooks,
  redeliver,
  updateWebhook,
} from './webhooks-repository';

const PATH = '/client/account/webhooks';
/** Admins: any account's endpoints, as they list its API tokens (/admin/user/tokens). */
const ANY = '/admin/user/webhooks';
export const WEBHOOK_NOT_FOUND = 'Webhook not found';

const toWebhook = (row: WebhookEndpointRow) => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at.toISOString(),
});

const toDelivery = (row: WebhookDeliveryRow) => ({
  id: row.id,
  message_id: row.message_id,
  event: row.event_type,
  status: row.status,
  attempts: row.attempts,
  response_status: row.response_status,
  last_error: row.last_error,
  created_at: row.created_at.toISOString(),
  attempted_at: row.attempted_at?.toISOString() ?? null,
  next_attempt_at: row.status === 'pending' ? row.send_after.toISOString() : null,
});

/**
 * Issue 38: an account's webhook endpoints, their delivery log and "send again". An address is checked when it
 * is registered (https; no private, loopback or link-local address, after DNS resolution too) and again at
 * every delivery (webhook-sender.ts).
 */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mine = routesUnder(['webhooks']);
  const own = async (accountId: number, id: number) => {
    const row = await findOwnWebhook(app.db, accountId, id);
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    return row;
  };

  app.get(
    PATH,
    mine({
      summary: 'My webhook endpoints',
      response: { 200: Type.Array(WebhookSchema), ...errorResponses(401, 403) },
    }),
    async (request) => (await listWebhooks(app.db, request.account.id)).map(toWebhook),
  );

  app.get(
    ANY,
    routesUnder(
      ['webhooks'],
      app.requireAdmin,
    )({
      summary: "An account's webhook endpoints with their newest delivery (admins; no secrets)",
      querystring: ApiTokenOwnerQuerySchema,
      response: { 200: Type.Array(AdminWebhookSchema), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      if (!(await findAccountById(app.db, request.query.user_id))) throw notFound('Partner not found');
      const rows = await listWebhooks(app.db, request.query.user_id);
      const last = await lastDeliveries(
        app.db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => {
        const delivery = last.get(row.id);
        return { ...toWebhook(row), last_delivery: delivery ? toDelivery(delivery) : null };
      });
    },
  );

  app.post(
    PATH,
    mine({
      summary: 'Register a webhook endpoint; the answer shows its signing secret this once',
      body: WebhookCreateSchema,
      response: { 201: WebhookCreatedSchema, ...errorResponses(401, 403, 422) },
    }),
    async (request, reply) => {
      const url = request.body.url.trim();
      const checked = await checkWebhookUrl(url, app.webhooks.options.allowedHosts);
      if (!checked.ok) throw invalid(['body', 'url'], checked.reason);
      const secret = newWebhookSecret();
      const row = await insertWebhook(app.db, {
        account_id: request.account.id,
        url: checked.target.url.href,
        events: request.body.events,
        secret,
      });
      created(reply, ['client', 'account', 'webhooks', row.id]);
      return { ...toWebhook(row), secret };
    },
  );

  app.patch(
    `${PATH}/:id`,
    mine({
      summary: 'Enable or disable a webhook endpoint, or change its events',
      params: WebhookIdParamsSchema,
      body: WebhookUpdateSchema,
      response: { 200: WebhookSchema, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      await own(request.account.id, request.params.id);
      const row = await updateWebhook(app.db, request.params.id, request.body);
      if (!row) throw notFound(WEBHOOK_NOT_FOUND);
      if (row.enabled) app.webhooks.soon();
      return toWebhook(row);
    },
  );

  app.delete(
    `${PATH}/:id`,
    mine({
      summary: 'Remove a webhook endpoint and its delivery log',
      params: WebhookIdParamsSchema,
      response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request, reply) => {
      await own(request.account.id, request.params.id);
      await deleteWebhook(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${PATH}/:id/deliveries`,
    mine({
      summary: "A webhook endpoint's latest 50 deliveries, newest first",
      params: WebhookIdParamsSchema,
      response: { 200: Type.Array(WebhookDeliverySchema), ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      await own(request.account.id, request.params.id);
      return (await listDeliveries(app.db, request.params.id)).map(toDelivery);
    },
  );

  app.post(
    `${PATH}/:id/deliveries/:delivery_id/redeliver`,
    mine({
      summary: 'Send a delivery again (same webhook-id), now',
      params: WebhookDeliveryParamsSchema,
      response: { 200: WebhookDeliverySchema, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) => {
      await own(request.account.id, request.params.id);
      const row = await redeliver(app.db, request.params.id, request.params.delivery_id);
      if (!row) throw notFound('Delivery not found, or being sent now');
      app.webhooks.soon();
      return toDelivery(row);
    },
  );
};

export default webhookRoutes;
