import fp from 'fastify-plugin';
import { accountMailComposers } from './account-mail';

/** The account's mails (reset, e-mail change, notices): how the outbox renders them at send time. */
export default fp(
  async (app) => {
    for (const [kind, composer] of Object.entries(accountMailComposers(app.db, app.appUrl))) {
      app.mailOutbox.compose(kind as keyof ReturnType<typeof accountMailComposers>, composer);
    }
  },
  { name: 'account-mail', dependencies: ['db', 'mail-outbox'] },
);
