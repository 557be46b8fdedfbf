import { type Static, Type } from 'typebox';
import { closedObject, named } from './common-schemas';

export const SSH_KEY_NAME_MAX_LENGTH = 64;
// An 16384-bit RSA key is about 2,800 characters; the rest is room for a comment.
export const SSH_KEY_MAX_LENGTH = 4096;

export const SshKeySchema = named(
  'SshKey',
  Type.Object({ id: Type.Integer(), name: Type.String(), key: Type.String() }),
);

const name = Type.String({ maxLength: SSH_KEY_NAME_MAX_LENGTH });
const key = Type.String({ maxLength: SSH_KEY_MAX_LENGTH });

export const SshKeyCreateSchema = closedObject({ name, key });

export const SshKeyUpdateSchema = closedObject(
  { name: Type.Optional(name), key: Type.Optional(key) },
  { minProperties: 1 },
);

export const SshKeyIdQuerySchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export type SshKeyUpdate = Static<typeof SshKeyUpdateSchema>;
export type SshKey = Static<typeof SshKeySchema>;
