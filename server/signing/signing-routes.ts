// Issue 16: the public key and a build's attestation, both public (like the download); and the admin's
// rotation of the key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { UUID_PATTERN } from '../../contract/rules/text';
import { UuidParamsSchema } from '../../contract/schemas/build-schemas';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  AttestationSchema,
  FileRunQuerySchema,
  Sha256ParamsSchema,
  SigningKeySchema,
} from '../../contract/schemas/signing-schemas';
import { recordAudit } from '../audit/audit-log';
import { runRetentionDays } from '../builds/runs/kept-runs';
import { conflict, notFound } from '../platform/http/http-errors';
import { RotationRefusedError } from './key-store';
import { type AttestationRow, findAttestationBySha256, findPublishedAttestation } from './signing-repository';

const SHA256_PATTERN = /^[0-9a-f]{64}$/;

const MISSING = 'Attestation not found';

const signingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const keyAnswer = async () => {
    const current = await app.signing.keys.current();
    const keys = await app.signing.keys.publicKeys();
    return {
      algorithm: 'Ed25519' as const,
      key_id: current.keyId,
      public_key: current.publicKey,
      keys: keys.map((key) => ({ ...key, created_at: key.created_at.toISOString() })),
    };
  };

  app.get(
    '/signing-key',
    {
      config: { public: true },
      schema: {
        tags: ['signing'],
        summary: 'The public Ed25519 key build attestations are signed with (public)',
        description:
          '`key_id` and `public_key` (SPKI PEM) sign from now on; `keys` lists every key ever used, so that ' +
          'attestations signed before a rotation still verify.',
        security: [],
        response: { 200: SigningKeySchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(await keyAnswer()),
  );

  const send = (reply: FastifyReply, row: AttestationRow | undefined) => {
    if (!row) throw notFound(MISSING);
    return reply
      .header('cache-control', 'no-store')
      .send({ payload: row.payload, signature: row.signature, key_id: row.key_id });
  };

  app.get(
    '/files/firmwares/:uuid/attestation',
    {
      config: { public: true },
      schema: {
        tags: ['signing'],
        summary: "A build run's signed attestation (public)",
        description:
          'The JSON text the server signed when it accepted the artifact (uuid, sha256, size, config_hash, ' +
          'release with tags and commits, model, platform, install type, agent, time), its Ed25519 ' +
          'signature (base64) and the id of the key (GET /api/signing-key). `run` names the run (issue 37); ' +
          "without it, the latest run whose file is kept. Only while that run's file is kept: the build not " +
          'removed, the run its current one or replaced within the retention (GET …/runs says which). A build ' +
          'finished before attestations existed, attested by `npm run admin -- --attest-existing`, has ' +
          '`attested_by: "upgrade"` in its payload: `signed_at` is then the upgrade\'s time, `built_at` the build\'s, ' +
          'and the verifiers say it was not attested at build time.',
        security: [],
        params: UuidParamsSchema,
        querystring: FileRunQuerySchema,
        response: { 200: AttestationSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      if (!UUID_PATTERN.test(uuid)) throw notFound(MISSING);
      const days = await runRetentionDays(app.db);
      return send(reply, await findPublishedAttestation(app.db, uuid.toLowerCase(), request.query.run, days));
    },
  );

  app.get(
    '/files/attestations/:sha256',
    {
      config: { public: true },
      schema: {
        tags: ['signing'],
        summary: "A file's signed attestation by the file's sha256 (public)",
        description:
          'Issue 37: what the verifier asks first, so that a file of any kept run verifies, not only the ' +
          "build's latest. 404 when no kept run holds a file with this digest.",
        security: [],
        params: Sha256ParamsSchema,
        response: { 200: AttestationSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const sha256 = request.params.sha256.toLowerCase();
      if (!SHA256_PATTERN.test(sha256)) throw notFound(MISSING);
      return send(reply, await findAttestationBySha256(app.db, sha256, await runRetentionDays(app.db)));
    },
  );

  app.post(
    '/admin/signing-key/rotate',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['signing'],
        summary: 'Rotate the signing key: a new key signs from now on, the old one stays listed',
        response: { 200: SigningKeySchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      try {
        await app.signing.keys.rotate((tx, was, now) =>
          recordAudit(tx, {
            actorId: request.account.id,
            action: 'signing_key.rotate',
            objectType: 'signing_key',
            objectId: now,
            before: { key_id: was },
            after: { key_id: now },
          }),
        );
      } catch (error) {
        if (error instanceof RotationRefusedError) throw conflict(error.message);
        throw error;
      }
      return keyAnswer();
    },
  );
};

export default signingRoutes;
