import type { FastifyServerOptions } from 'fastify';
import { maskUrlsIn } from './releases/git/repository-url';
import { withoutToken } from './tasks/live-socket-routes';

/**
 * The server's log (pino) as `npm start` writes it. Each line, once written out as JSON, has the user part of
 * every url in it masked (issue 36): a repository url's token reaches a log inside texts we do not write —
 * a database driver's "Failed query … params", a command line in a child process's error, git's stderr — so
 * the last step before the line leaves is where it is caught whatever the path.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    // The live socket carries the access token in its query (browsers cannot set its headers).
    serializers: {
      req: (req) => ({ method: req.method, url: withoutToken(req.url), remoteAddress: req.ip }),
    },
    hooks: { streamWrite: maskUrlsIn },
  };
}
