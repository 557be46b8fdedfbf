import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ArtifactAnswerSchema,
  ArtifactHeadersSchema,
  JobIdParamsSchema,
} from '../../contract/schemas/agent-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { conflict, HttpError } from '../platform/http/http-errors';
import { ValidationFailedError } from '../platform/http/validation-errors';
import { recordArtifact, renewLease } from '../queue/jobs-repository';
import { NOT_HELD } from './jobs-routes';

const artifactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const failed = new WeakSet<FastifyRequest>();
  const uploadFailed = (request: FastifyRequest) => {
    if (failed.has(request)) return;
    failed.add(request);
    app.metrics.events.uploadFailed();
  };

  app.put(
    '/agent/jobs/:id/artifact',
    {
      schema: {
        tags: ['agent'],
        summary:
          "Upload a job's artifact (application/octet-stream), checked against x-sha256 and content-length",
        description:
          'Streamed as it arrives to DATA_DIR/artifacts/sha256/<sha256>.tar.gz.<random>.part (renamed over ' +
          '<sha256>.tar.gz), or into a multipart upload of the bucket, hashed on the way and kept only when ' +
          'sha256 and size match (422 otherwise, and nothing is kept: the part deleted, the upload aborted).',
        consumes: ['application/octet-stream'],
        params: JobIdParamsSchema,
        headers: ArtifactHeadersSchema,
        response: { 200: ArtifactAnswerSchema, ...errorResponses(401, 403, 409, 413, 415, 422) },
      },
      // Every upload that did not end accepted counts once: refused (schema, hash, lease, disk) or broken off.
      onResponse: async (request, reply) => {
        if (reply.statusCode >= 400) uploadFailed(request);
      },
      onRequestAbort: async (request) => uploadFailed(request),
    },
    async (request) => {
      const expected = {
        sha256: request.headers['x-sha256'],
        size: Number(request.headers['content-length']),
      };
      if (expected.size > app.jobQueue.options.maxArtifactBytes)
        throw new HttpError(413, 'Artifact is too large');
      const job = await renewLease(app.db, request.params.id, request.agent.id, app.jobQueue.options.leaseMs);
      if (!job) throw conflict(NOT_HELD);
      const upload = await app.jobFiles.receiveArtifact(request.body as Readable, expected);
      if (!upload.ok) {
        throw new ValidationFailedError([
          {
            loc: ['header', 'x-sha256'],
            msg: `Checksum mismatch: received ${upload.size} bytes with sha256 ${upload.sha256 || '(not computed)'}`,
          },
        ]);
      }
      if (!(await recordArtifact(app.db, job.id, request.agent.id, upload))) {
        await upload.discard();
        throw conflict(NOT_HELD);
      }
      await upload.commit();
      // Issue 16: signed once accepted; a build whose attestation failed is not left unsigned (500, re-upload).
      await app.signing.attest(job.id, upload, request.agent.name);
      return { sha256: upload.sha256, size: upload.size };
    },
  );
};

export default artifactRoutes;
