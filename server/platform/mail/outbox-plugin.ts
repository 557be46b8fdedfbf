import fp from 'fastify-plugin';
import { registerMailMetrics } from './mail-metrics';
import { DEFAULT_OUTBOX_OPTIONS, type OutboxOptions } from './outbox';
import { OutboxSender } from './outbox-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drains the mail outbox: every mail of the console (issue 43) goes through it. */
    mailOutbox: OutboxSender;
  }
}

export interface OutboxPluginOptions {
  outbox?: Partial<OutboxOptions>;
}

/**
 * Runs this instance's outbox sender; every instance may run one (rows are claimed with SKIP LOCKED). The
 * features register how their kinds of mail are rendered (`app.mailOutbox.compose`) before the app is ready.
 */
export default fp<OutboxPluginOptions>(
  async (app, options) => {
    const sender = new OutboxSender(
      app.db,
      app.mailer,
      { ...DEFAULT_OUTBOX_OPTIONS, ...options.outbox },
      app.log,
    );
    app.decorate('mailOutbox', sender);
    registerMailMetrics(app.metrics.registry, sender);
    app.addHook('onReady', async () => sender.start());
    // Before the mailer and the database close: the mail being sent is finished and marked.
    app.addHook('preClose', async () => sender.stop());
  },
  { name: 'mail-outbox', dependencies: ['db', 'mail', 'metrics'] },
);
