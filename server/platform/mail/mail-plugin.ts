import path from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The console's public address for e-mailed links, without a trailing slash. */
    appUrl: string;
  }
}

export interface MailPluginOptions {
  smtpUrl?: string;
  dataDir: string;
  appUrl: string;
  mailFrom: string;
}

export default fp<MailPluginOptions>(
  async (app, options) => {
    const mailer = createMailer({
      smtpUrl: options.smtpUrl,
      outboxDir: path.join(options.dataDir, 'outbox'),
      from: options.mailFrom,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.decorate('appUrl', options.appUrl);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
