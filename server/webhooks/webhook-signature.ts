import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/** A new signing secret in the Standard Webhooks form: whsec_ and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A new webhook-id: unique per event and endpoint, the same for every attempt to deliver it. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * The Standard Webhooks headers of one attempt (https://www.standardwebhooks.com): webhook-id, webhook-timestamp
 * (seconds) and webhook-signature, `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed by the
 * secret's bytes (the base64 after `whsec_`).
 */
export function signedHeaders(secret: string, messageId: string, body: string, now = Date.now()) {
  const timestamp = String(Math.floor(now / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
