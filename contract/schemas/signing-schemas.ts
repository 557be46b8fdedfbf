// Issue 16: the public signing key and a build's attestation (see contract/rules/attestation.ts).
import { Type } from 'typebox';

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
