import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import {
  LOG_PAGE_DEFAULT,
  RunQuerySchema,
  TaskIdParamsSchema,
  TaskLogQuerySchema,
  TaskLogSchema,
} from '../../../contract/schemas/tasks-schemas';
import { notFound } from '../../platform/http/http-errors';
import { invalid } from '../../platform/http/validation-errors';
import { findBuild } from '../builds-repository';
import { type LogRow, logPageAfter, logPageBefore, logTextChunks, searchLog } from './build-log-repository';

/** The run whose log is read: the one asked for (one of the build's), else the latest. */
function runOf(build: { id: number; run: number }, run: number | undefined) {
  if (run !== undefined && run > build.run) throw notFound('Run not found');
  return { id: build.id, run: run ?? build.run };
}

const toLine = (row: LogRow) => ({ seq: row.seq, line: row.line, at: row.at.toISOString() });

/** The text download, read from the database a chunk at a time as the client takes it (backpressure). */
const logText = (chunks: AsyncIterable<string>): Readable => Readable.from(chunks, { objectMode: false });

/**
 * A build's log (issue 14): pages by seq, the newest first; a search over all its lines; the whole of it as
 * text. For the build's owner under the client path (admins reach anyone's there too, as before), and for
 * admins under the admin path; another partner's build answers 404.
 */
const buildLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['tasks'];

  for (const admin of [false, true]) {
    const prefix = admin ? '/admin/firmwares' : '/client/firmware/firmwares';
    const preHandler = admin ? app.requireAdmin : undefined;
    const who = admin ? "Any build's" : "A build's";

    /** The build, when the caller may read its log. */
    const readable = async (id: number, account: { id: number; is_admin: boolean }) => {
      const build = await findBuild(app.db, id, account.is_admin ? undefined : account.id);
      if (!build) throw notFound('Build not found');
      return build;
    };

    app.get(
      `${prefix}/:id/log`,
      {
        preHandler,
        schema: {
          tags,
          summary: `${who} log a page at a time, the newest page first; with \`q\` a search`,
          description:
            'Without parameters: the newest lines (`limit`, 500 unless given) and the progress. `before=<seq>` ' +
            'reads the page before a line, `after=<seq>` the lines after one (oldest first: what a reader lacks). ' +
            'Each line has the seq that live log_build messages carry, so a client can join the two. `q` answers ' +
            'the lines containing it, the newest matches first, `before` paging on. Until issue 14 this answered ' +
            'the whole log at once; the whole log is now GET …/log.txt.',
          params: TaskIdParamsSchema,
          querystring: TaskLogQuerySchema,
          response: { 200: TaskLogSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const { before, after, q, run } = request.query;
        const limit = request.query.limit ?? LOG_PAGE_DEFAULT;
        if (before !== undefined && after !== undefined)
          throw invalid(['query', 'after'], 'Give before or after, not both');
        if (q !== undefined && after !== undefined)
          throw invalid(['query', 'after'], 'A search pages with before only');
        const build = await readable(request.params.id, request.account);
        const of = runOf(build, run);
        const progress = of.run === build.run ? build.progress : 0;
        if (q !== undefined) {
          const found = await searchLog(app.db, of, q, before, limit);
          return {
            run: of.run,
            progress,
            lines: found.rows.map(toLine),
            before: found.before,
            after: null,
          };
        }
        const page =
          after !== undefined
            ? await logPageAfter(app.db, of, after, limit)
            : await logPageBefore(app.db, of, before, limit);
        const first = page.rows[0];
        const last = page.rows.at(-1);
        return {
          run: of.run,
          progress,
          lines: page.rows.map(toLine),
          before: page.older && first ? first.seq : null,
          after: page.newer && last ? last.seq : null,
        };
      },
    );

    app.get(
      `${prefix}/:id/log.txt`,
      {
        preHandler,
        schema: {
          tags,
          summary: `${who} whole log as text, one line each, oldest first (a download)`,
          description:
            'Streamed: read from the database as the client takes it, in statements of a few milliseconds, log reads taking turns.',
          params: TaskIdParamsSchema,
          querystring: RunQuerySchema,
          response: {
            200: {
              description: 'The log, text/plain',
              content: { 'text/plain': { schema: Type.String() } },
            },
            ...errorResponses(401, 403, 404, 422),
          },
        },
      },
      async (request, reply) => {
        const build = await readable(request.params.id, request.account);
        const of = runOf(build, request.query.run);
        const name = of.run === build.run ? `build-${build.id}` : `build-${build.id}-run-${of.run}`;
        return (
          reply
            .header('content-type', 'text/plain; charset=utf-8')
            .header('content-disposition', `attachment; filename="${name}.log"`)
            .header('cache-control', 'no-store')
            // The schema's text is typed as a string; Fastify sends a stream as it comes.
            .send(logText(logTextChunks(app.db, of)) as unknown as string)
        );
      },
    );
  }
};

export default buildLogRoutes;
