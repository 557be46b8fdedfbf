import type { FastifyServerOptions } from 'fastify';
import { maskUrlsIn } from './releases/git/repository-url';

/**
 * The server's log (pino) as `npm start` writes it. Each line, once written out as JSON, has the user part of
 * every url in it masked (issue 36): a repository url's token reaches a log inside texts we do not write —
 * a database driver's "Failed query … params", a command line in a child process's error, git's stderr — so
 * the last step before the line leaves is where it is caught whatever the path.
 */
/**
 * A request's url as its log shows it: the path alone. A query string may carry a credential (a reset link's
 * token, an old console's live-socket token, a client's mistake) and the path says which call it was (issue 43).
 */
export const withoutQuery = (url: string | undefined) => {
  const path = url ?? '';
  const query = path.indexOf('?');
  return query === -1 ? path : `${path.slice(0, query)}?…`;
};

export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: {
      req: (req) => ({ method: req.method, url: withoutQuery(req.url), remoteAddress: req.ip }),
    },
    hooks: { streamWrite: maskUrlsIn },
  };
}
