import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  RepositoryCreateSchema,
  RepositoryIdParamsSchema,
  RepositoryListSchema,
  RepositorySchema,
  RepositoryTagsListSchema,
  RepositoryTagsQuerySchema,
  SeriesRepositoryListSchema,
  SeriesRepositoryReplaceSchema,
} from '../../contract/schemas/repository-schemas';
import { recordAudit } from '../audit/audit-log';
import { queuedConflict } from '../catalogue/admin-catalogue-helpers';
import { queuedBuildsOfRepository } from '../catalogue/catalogue-usage';
import { repositories as repositoriesTable } from '../platform/db/schema';
import { created } from '../platform/http/created';
import { notFound } from '../platform/http/http-errors';
import { invalid, ValidationFailedError } from '../platform/http/validation-errors';
import { RepositoryUnreachableError } from './git/ls-remote';
import { refsCache } from './git/refs-cache';
import { gitUrlProblem, maskUrl, unreachable } from './git/repository-url';
import { seriesExists } from './releases-repository';
import {
  deleteRepository,
  findRepositoryByName,
  insertRepository,
  listRepositories,
  listSeriesRepositories,
  type RepositoryRow,
  replaceSeriesRepositories,
  repositoriesOfSeries,
} from './repositories-repository';

const shown = ({ id, name, url }: RepositoryRow) => ({ id, name, url: maskUrl(url) });

/**
 * Release sources: git repositories an admin registers and maps to series, and their tags and branches
 * listed live with `git ls-remote`. Admins and developers read (they write releases); only admins write.
 */
const repositoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['release sources'];
  const read = app.requireAdminOrDeveloper;
  const write = app.requireAdmin;

  app.get(
    '/admin/repositories',
    {
      preHandler: read,
      schema: {
        tags,
        summary: 'Registered repositories',
        response: { 200: RepositoryListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => (await listRepositories(app.db)).map(shown),
  );

  app.post(
    '/admin/repositories',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Register a repository (its url must answer git ls-remote)',
        body: RepositoryCreateSchema,
        response: { 201: RepositorySchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { name, url } = request.body;
      if (await findRepositoryByName(app.db, name))
        throw invalid(['body', 'name'], `Repository ${name} already exists`);
      const problem = gitUrlProblem(url);
      if (problem) throw invalid(['body', 'url'], problem);
      try {
        await refsCache.fresh(url);
      } catch (error) {
        if (error instanceof RepositoryUnreachableError) {
          throw invalid(['body', 'url'], `Repository is unreachable: ${error.reason}`);
        }
        throw error;
      }
      const row = await app.db.transaction(async (tx) => {
        const inserted = await insertRepository(tx, { name, url });
        if (!inserted) throw invalid(['body', 'name'], `Repository ${name} already exists`);
        // The url as shown: a password in it stays out of the log.
        await recordAudit(tx, {
          actorId: request.account.id,
          action: 'catalogue.create',
          objectType: 'repository',
          objectId: inserted.id,
          after: { name, url: maskUrl(url) },
        });
        return inserted;
      });
      return created(reply, ['admin', 'repositories', row.id]).send(shown(row));
    },
  );

  app.delete(
    '/admin/repositories/:id',
    {
      preHandler: write,
      schema: {
        tags,
        summary: 'Unregister a repository; its series mappings go too, releases keep their tags',
        description: 'Refused (409) while queued builds take their sources from it.',
        params: RepositoryIdParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(repositoriesTable)
          .where(eq(repositoriesTable.id, id))
          .for('update');
        if (!row) throw notFound('Repository not found');
        const queued = await queuedBuildsOfRepository(tx, row.name);
        if (queued > 0)
          throw queuedConflict(queued, `repository ${row.name}`, 'remove it once they are built');
        await deleteRepository(tx, id);
        await recordAudit(tx, {
          actorId: request.account.id,
          action: 'catalogue.remove',
          objectType: 'repository',
          objectId: id,
          before: { name: row.name, url: maskUrl(row.url) },
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/series-repository',
    {
      preHandler: read,
      schema: {
        tags,
        summary: 'Which repositories make up each series',
        response: { 200: SeriesRepositoryListSchema, ...errorResponses(401, 403) },
      },
    },
    () => listSeriesRepositories(app.db),
  );

  app.put(
    '/admin/series-repository',
    {
      preHandler: write,
      schema: {
        tags,
        summary: "Replace one series' repositories; answers that series' mapping",
        body: SeriesRepositoryReplaceSchema,
        response: { 200: SeriesRepositoryListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { series, repositories } = request.body;
      if (!(await seriesExists(app.db, series)))
        throw invalid(['body', 'series'], `Unknown series ${series}`);
      const known = new Set((await listRepositories(app.db)).map((r) => r.name));
      const issues = repositories.flatMap((name, index) =>
        known.has(name) ? [] : [{ loc: ['body', 'repositories', index], msg: `Unknown repository ${name}` }],
      );
      if (issues.length > 0) throw new ValidationFailedError(issues);
      const names = [...new Set(repositories)].sort();
      await app.db.transaction(async (tx) => {
        const before = (await listSeriesRepositories(tx, series)).map((r) => r.repository).sort();
        if (JSON.stringify(before) === JSON.stringify(names)) return;
        await replaceSeriesRepositories(tx, series, names);
        await recordAudit(tx, {
          actorId: request.account.id,
          action: 'catalogue.update',
          objectType: 'series_repository',
          objectId: series,
          before: { repositories: before },
          after: { repositories: names },
        });
      });
      return listSeriesRepositories(app.db, series);
    },
  );

  app.get(
    '/admin/repositories-tags',
    {
      preHandler: read,
      schema: {
        tags,
        summary: 'Tags and branches of the repositories (of one series), read live',
        description:
          'A repository that cannot be read is listed with empty tags and branches and an error, within ' +
          'a few seconds; answers are reused for a few seconds.',
        querystring: RepositoryTagsQuerySchema,
        response: { 200: RepositoryTagsListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { series } = request.query;
      if (series !== undefined && !(await seriesExists(app.db, series))) {
        throw invalid(['query', 'series'], `Unknown series ${series}`);
      }
      const repositories =
        series === undefined ? await listRepositories(app.db) : await repositoriesOfSeries(app.db, series);
      return Promise.all(
        repositories.map(async (repository) => {
          const base = { name: repository.name, url: maskUrl(repository.url) };
          try {
            return { ...base, ...(await refsCache.get(repository.url)) };
          } catch (error) {
            if (!(error instanceof RepositoryUnreachableError)) throw error;
            return { ...base, tags: [], branches: [], error: unreachable(repository, error) };
          }
        }),
      );
    },
  );
};

export default repositoriesRoutes;
