import fp from 'fastify-plugin';
import { composeBuildMail } from './build-mail';

/** Build notifications (issue 37): how the outbox renders them at send time. */
export default fp(
  async (app) => {
    const compose = (row: Parameters<typeof composeBuildMail>[1]) =>
      composeBuildMail(app.db, row, app.appUrl);
    app.mailOutbox.compose('build_done', compose);
    app.mailOutbox.compose('build_failed', compose);
  },
  { name: 'build-mail', dependencies: ['db', 'mail-outbox'] },
);
