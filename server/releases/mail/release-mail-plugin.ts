import fp from 'fastify-plugin';
import { signUnsubscribeToken, UNSUBSCRIBE_PURPOSE } from '../../accounts/unsubscribe-token';
import { DEFAULT_OUTBOX_OPTIONS, type OutboxOptions } from '../../platform/mail/outbox';
import { OutboxSender } from '../../platform/mail/outbox-sender';
import { composeReleaseMail } from './release-mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drains the mail outbox (release e-mails, issue 15). */
    mailOutbox: OutboxSender;
  }
}

export interface ReleaseMailPluginOptions {
  outbox?: Partial<OutboxOptions>;
}

/** Runs this instance's outbox sender; every instance may run one (rows are claimed with SKIP LOCKED). */
export default fp<ReleaseMailPluginOptions>(
  async (app, options) => {
    const key = app.purposeKey(UNSUBSCRIBE_PURPOSE);
    const links = { appUrl: app.appUrl, unsubscribeToken: (id: number) => signUnsubscribeToken(key, id) };
    const sender = new OutboxSender(
      app.db,
      app.mailer,
      (row) => composeReleaseMail(app.db, row, links),
      { ...DEFAULT_OUTBOX_OPTIONS, ...options.outbox },
      app.log,
    );
    app.decorate('mailOutbox', sender);
    app.addHook('onReady', async () => sender.start());
    // Before the mailer and the database close: the mail being sent is finished and marked.
    app.addHook('preClose', async () => sender.stop());
  },
  { name: 'release-mail', dependencies: ['db', 'auth', 'mail'] },
);
