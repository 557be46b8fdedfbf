import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UUID_PATTERN } from '../../../contract/rules/text';
import { UuidParamsSchema } from '../../../contract/schemas/build-schemas';
import { errorResponses, fileResponse } from '../../../contract/schemas/common-schemas';
import { BUILD_RUN_HEADER, FileRunQuerySchema } from '../../../contract/schemas/signing-schemas';
import { parseByteRange } from '../../platform/http/byte-range';
import { notFound } from '../../platform/http/http-errors';
import { findBuildByUuid } from '../builds-repository';
import { findKeptRunFile, runRetentionDays } from '../runs/kept-runs';
import type { ArtifactRef } from './artifact-store';

const MISSING = 'File not found';

/**
 * A build's artifact by the build's uuid, public like the links page that lists it: only a build that is
 * done, not removed, and whose file exists. Issue 37: `?run=N` serves an earlier run's file while it is kept
 * (runs/kept-runs.ts), and every answer names the run it serves in `X-Build-Run`.
 */
const buildFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/files/firmwares/:uuid',
    {
      config: { public: true },
      schema: {
        tags: ['links'],
        summary: 'Download a build (public)',
        description:
          "The build's current run's file, or with `run` that run's while it is kept (the build's history " +
          'lists them). The `X-Build-Run` header names the run served. A `Range: bytes=…` header resumes a ' +
          'download (206); with S3_PRESIGNED_DOWNLOADS=1 the answer is a 302 to a short-lived URL of the bucket.',
        security: [],
        params: UuidParamsSchema,
        querystring: FileRunQuerySchema,
        response: {
          200: fileResponse('The firmware archive', 'application/gzip'),
          206: fileResponse(
            'The part of the firmware archive a `Range` header asked for',
            'application/gzip',
          ),
          302: Type.Null({ description: 'With S3_PRESIGNED_DOWNLOADS=1: a short-lived URL of the bucket' }),
          416: Type.Null({ description: 'The range asked for lies past the end of the file' }),
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      if (!UUID_PATTERN.test(uuid)) throw notFound(MISSING);
      const build = await findBuildByUuid(app.db, uuid.toLowerCase());
      if (!build || build.is_removed) throw notFound(MISSING);
      const wanted = request.query.run;
      let served: { run: number; ref: ArtifactRef };
      if (wanted === undefined || (wanted === build.run && build.status === 'done')) {
        if (build.status !== 'done') throw notFound(MISSING);
        served = { run: build.run, ref: build };
      } else {
        const kept = await findKeptRunFile(app.db, build.uuid, wanted, await runRetentionDays(app.db));
        // An earlier run's file is the stored content only (files from before issue 16 are the current run's).
        if (!kept || !(await app.artifacts.hasBlob(kept.sha256))) throw notFound(MISSING);
        served = { run: kept.run, ref: { uuid: build.uuid, sha256: kept.sha256 } };
      }
      const size = await app.artifacts.size(served.ref);
      if (size === undefined) throw notFound(MISSING);
      const name = build.name.replace(/[^\w.-]/g, '_');
      const file = `${served.run === build.run ? name : `${name}-run-${served.run}`}.tar.gz`;
      reply.header('cache-control', 'no-store').header(BUILD_RUN_HEADER, String(served.run));
      // Issue 39: with S3_PRESIGNED_DOWNLOADS the bytes come from the bucket itself, by a short-lived URL.
      const presigned = await app.artifacts.downloadUrl(served.ref, file);
      if (presigned) return reply.redirect(presigned, 302);
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
      reply
        .header('content-type', 'application/gzip')
        .header('accept-ranges', 'bytes')
        .header('content-disposition', `attachment; filename="${file}"`);
      if (!range)
        return reply.header('content-length', String(size)).send(await app.artifacts.open(served.ref));
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(await app.artifacts.open(served.ref, range));
    },
  );
};

export default buildFilesRoutes;
