import fp from 'fastify-plugin';
import { signUnsubscribeToken, UNSUBSCRIBE_PURPOSE } from '../../accounts/unsubscribe-token';
import { composeReleaseMail } from './release-mail';

/** Release e-mails (issue 15): how the outbox renders them at send time. */
export default fp(
  async (app) => {
    const key = app.purposeKey(UNSUBSCRIBE_PURPOSE);
    const links = { appUrl: app.appUrl, unsubscribeToken: (id: number) => signUnsubscribeToken(key, id) };
    app.mailOutbox.compose('release', (row) => composeReleaseMail(app.db, row, links));
  },
  { name: 'release-mail', dependencies: ['db', 'auth', 'mail-outbox'] },
);
