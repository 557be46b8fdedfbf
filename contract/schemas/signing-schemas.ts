// Issue 16: the public signing key and a build's attestation (see contract/rules/attestation.ts).
import { Type } from 'typebox';
import { closedObject } from './common-schemas';

const PublicKeySchema = Type.Object({
  key_id: Type.String(),
  public_key: Type.String({ description: 'SPKI, PEM' }),
  created_at: Type.String({ format: 'date-time' }),
});

export const SigningKeySchema = Type.Object({
  algorithm: Type.Literal('Ed25519'),
  key_id: Type.String({ description: 'The key that signs from now on' }),
  public_key: Type.String({ description: 'SPKI, PEM' }),
  keys: Type.Array(PublicKeySchema, {
    description: 'Every key the console has signed with, the current one included, oldest first',
  }),
});

export const AttestationSchema = Type.Object({
  payload: Type.String({ description: 'The JSON text that was signed, exactly' }),
  signature: Type.String({ description: "Base64 of the Ed25519 signature of payload's UTF-8 bytes" }),
  key_id: Type.String(),
});

/** Issue 37: GET /api/files/attestations/{sha256}: a file's attestation by its digest. */
export const Sha256ParamsSchema = Type.Object({ sha256: Type.String({ maxLength: 100 }) });

/** Issue 37: the header a public download names the run it serves in. */
export const BUILD_RUN_HEADER = 'x-build-run';

/** Issue 37: a public download's or attestation's run (GET …/runs lists them); the latest kept unless given. */
export const FileRunQuerySchema = closedObject({
  run: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "The build's run (see …/runs)" }),
  ),
});
