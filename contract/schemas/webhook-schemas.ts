import { type Static, Type } from 'typebox';
import { closedObject } from './common-schemas';
import { shownOnce } from './shown-once';

/** Issue 38: what a webhook endpoint may hear of. */
export const WEBHOOK_EVENTS = [
  'build.finished',
  'build.failed',
  'build.cancelled',
  'release.published',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_URL_MAX_LENGTH = 2000;

const moment = Type.String({ format: 'date-time' });
const event = Type.Enum([...WEBHOOK_EVENTS]);
const id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const WebhookSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(event),
  enabled: Type.Boolean(),
  disabled_reason: Type.Union([Type.String(), Type.Null()], {
    description: 'Why the console disabled it (it kept failing); null when enabled or disabled by its owner',
  }),
  created_at: moment,
});

export const WebhookCreatedSchema = Type.Object({
  ...WebhookSchema.properties,
  secret: Type.String({
    ...shownOnce,
    description: 'The Standard Webhooks signing secret (whsec_…), shown this once',
  }),
});

export const WebhookCreateSchema = closedObject({
  url: Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX_LENGTH }),
  events: Type.Array(event, { minItems: 1, uniqueItems: true }),
});

export const WebhookUpdateSchema = closedObject(
  {
    enabled: Type.Optional(Type.Boolean()),
    events: Type.Optional(Type.Array(event, { minItems: 1, uniqueItems: true })),
  },
  { minProperties: 1 },
);

export const WebhookIdParamsSchema = Type.Object({ id });
export const WebhookDeliveryParamsSchema = Type.Object({ id, delivery_id: id });

export const WebhookDeliverySchema = Type.Object({
  id: Type.Integer(),
  message_id: Type.String({ description: 'The webhook-id header' }),
  event: Type.String(),
  status: Type.Enum(['pending', 'delivered', 'failed']),
  attempts: Type.Integer(),
  response_status: Type.Union([Type.Integer(), Type.Null()], {
    description: "The endpoint's HTTP status at the last attempt; null: no answer",
  }),
  last_error: Type.Union([Type.String(), Type.Null()]),
  created_at: moment,
  attempted_at: Type.Union([moment, Type.Null()]),
  next_attempt_at: Type.Union([moment, Type.Null()], { description: 'Null unless pending' }),
});

/** The admins' view of an account's endpoint (issue 38): how its newest delivery went; never its secret. */
export const AdminWebhookSchema = Type.Object({
  ...WebhookSchema.properties,
  last_delivery: Type.Union([WebhookDeliverySchema, Type.Null()], {
    description: 'Its newest delivery; null when it has had none',
  }),
});

export type AdminWebhook = Static<typeof AdminWebhookSchema>;
export type Webhook = Static<typeof WebhookSchema>;
export type WebhookCreated = Static<typeof WebhookCreatedSchema>;
export type WebhookCreate = Static<typeof WebhookCreateSchema>;
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;
