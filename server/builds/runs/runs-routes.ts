import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { type BuildRun, BuildRunListSchema } from '../../../contract/schemas/runs-schemas';
import { TaskIdParamsSchema } from '../../../contract/schemas/tasks-schemas';
import { notFound } from '../../platform/http/http-errors';
import { findBuild } from '../builds-repository';
import { keptRunsOf, runRetentionDays } from './kept-runs';
import { type BuildRunRow, listRuns } from './runs-repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const filePath = (uuid: string, run: number) => `/api/files/firmwares/${uuid}?run=${run}`;

const toRun = (row: BuildRunRow, latest: number, uuid: string, kept: Set<number>): BuildRun => ({
  run: row.run,
  release_id: row.release_id,
  release_version: row.release_version,
  commits: row.commits,
  agent_name: row.agent_name,
  status: row.status,
  attempts: row.attempts,
  queued_at: row.queued_at.toISOString(),
  started_at: iso(row.started_at),
  finished_at: iso(row.finished_at),
  sha256: row.sha256,
  file_size: row.file_size,
  is_latest: row.run === latest,
  download_path: kept.has(row.run) ? filePath(uuid, row.run) : null,
  attestation_path: kept.has(row.run) ? `/api/files/firmwares/${uuid}/attestation?run=${row.run}` : null,
});

/**
 * A build's history (issue 17): every run, the latest first. The owner's under the client path (another
 * partner's build answers 404, as its log does); any build's for admins under the admin path.
 */
const buildRunsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const admin of [false, true]) {
    app.get(
      admin ? '/admin/firmwares/:id/runs' : '/client/firmware/firmwares/:id/runs',
      {
        preHandler: admin ? app.requireAdmin : undefined,
        schema: {
          tags: ['tasks'],
          summary: admin
            ? "Any build's runs, the latest first"
            : "The account's build's runs, the latest first",
          description:
            'Each run of the build: release and commits, the agent (its name as it was), times, status and the ' +
            "artifact's sha256, and while the run's file is kept its download and attestation (issue 37). Its " +
            'log is GET …/{id}/log?run=N.',
          params: TaskIdParamsSchema,
          response: { 200: BuildRunListSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const { account } = request;
        const build = await findBuild(app.db, request.params.id, account.is_admin ? undefined : account.id);
        if (!build) throw notFound('Build not found');
        const kept = await keptRunsOf(app.db, build.id, await runRetentionDays(app.db));
        return (await listRuns(app.db, build.id)).map((row) => toRun(row, build.run, build.uuid, kept));
      },
    );
  }
};

export default buildRunsRoutes;
