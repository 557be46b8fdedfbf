import fp from 'fastify-plugin';
import { composeWebhookDisabledMail } from './webhook-mail';
import { DEFAULT_WEBHOOK_OPTIONS, type WebhookOptions, WebhookSender } from './webhook-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 38: drains the webhooks' outbox; its options say which hosts are allowed. */
    webhooks: WebhookSender;
  }
}

export interface WebhooksPluginOptions {
  webhooks?: Partial<WebhookOptions>;
}

/** Runs this instance's webhook sender (every instance may: rows are claimed with SKIP LOCKED). */
export default fp<WebhooksPluginOptions>(
  async (app, options) => {
    const sender = new WebhookSender(app.db, { ...DEFAULT_WEBHOOK_OPTIONS, ...options.webhooks }, app.log);
    app.decorate('webhooks', sender);
    app.mailOutbox.compose('webhook_disabled', (row) => composeWebhookDisabledMail(app.db, row, app.appUrl));
    app.addHook('onReady', async () => sender.start());
    app.addHook('preClose', async () => sender.stop());
  },
  { name: 'webhooks', dependencies: ['db', 'mail-outbox'] },
);
