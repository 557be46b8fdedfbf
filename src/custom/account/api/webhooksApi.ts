// Issue 38: the webhooks' calls, one function each, over the httpClient.
import type {
  AdminWebhook,
  Webhook,
  WebhookCreate,
  WebhookCreated,
  WebhookDelivery,
} from '../../../../contract/schemas/webhook-schemas';
import type { HttpClient } from '../../../dataProvider/httpClient';
import { callOf } from '../../../dataProvider/paths';

export type { AdminWebhook, Webhook, WebhookCreated, WebhookDelivery };

export const WEBHOOKS_KEY = ['webhooks'];
export const deliveriesKey = (id: number) => ['webhooks', id, 'deliveries'];

export async function listWebhooks(http: HttpClient): Promise<Webhook[]> {
  const { path, request } = callOf('webhooks');
  return (await http<Webhook[]>(path, request)).json;
}

/** Admins: a partner's endpoints, each with its newest delivery (never a secret). */
export const partnerWebhooksKey = (userId: number) => ['webhooks', 'partner', userId];

export async function listPartnerWebhooks(http: HttpClient, userId: number): Promise<AdminWebhook[]> {
  const { path, request } = callOf('partnerWebhooks', { user_id: userId });
  return (await http<AdminWebhook[]>(path, request)).json;
}

export async function addWebhook(http: HttpClient, body: WebhookCreate): Promise<WebhookCreated> {
  const { path, request } = callOf('addWebhook');
  return (await http<WebhookCreated>(path, { ...request, body })).json;
}

export async function setWebhookEnabled(http: HttpClient, id: number, enabled: boolean): Promise<Webhook> {
  const { path, request } = callOf('updateWebhook', { id });
  return (await http<Webhook>(path, { ...request, body: { enabled } })).json;
}

export async function removeWebhook(http: HttpClient, id: number): Promise<void> {
  const { path, request } = callOf('removeWebhook', { id });
  await http(path, request);
}

export async function listDeliveries(http: HttpClient, id: number): Promise<WebhookDelivery[]> {
  const { path, request } = callOf('webhookDeliveries', { id });
  return (await http<WebhookDelivery[]>(path, request)).json;
}

export async function redeliver(http: HttpClient, id: number, deliveryId: number): Promise<WebhookDelivery> {
  const { path, request } = callOf('redeliverWebhook', { id, delivery_id: deliveryId });
  return (await http<WebhookDelivery>(path, request)).json;
}
