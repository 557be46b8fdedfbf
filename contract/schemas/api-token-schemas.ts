import { type Static, Type } from 'typebox';
import { closedObject } from './common-schemas';
import { shownOnce } from './shown-once';

/**
 * Issue 38: an account's API tokens, for scripts and CI. `read` may only read (GET, HEAD); `build` may also
 * write what the account's role may (submit builds, edit sets …).
 */
export const API_TOKEN_SCOPES = ['read', 'build'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What every API token's text starts with: the server tells it from a session's token by it. */
export const API_TOKEN_PREFIX = 'fwc_';

/** Whether a bearer credential is an API token (rather than a session's access token). */
export const isApiToken = (credential: string) => credential.startsWith(API_TOKEN_PREFIX);
export const API_TOKEN_NAME_MAX_LENGTH = 64;

const scope = Type.Enum([...API_TOKEN_SCOPES], {
  description: 'read: GET only; build: also writes, as far as the role may',
});
const moment = Type.String({ format: 'date-time' });
const maybeMoment = Type.Union([moment, Type.Null()]);

export const ApiTokenSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scope,
  /** The token's first characters, so that its owner can tell which one a script holds. */
  hint: Type.String({ examples: ['fwc_Ab3x'] }),
  created_at: moment,
  expires_at: Type.Union([moment, Type.Null()], { description: 'Null: the token does not expire' }),
  last_used_at: Type.Union([moment, Type.Null()], { description: 'Null: never used' }),
  revoked_at: maybeMoment,
});

export const ApiTokenCreatedSchema = Type.Object({
  ...ApiTokenSchema.properties,
  token: Type.String({
    ...shownOnce,
    description: 'The token itself, shown this once: the server keeps only its hash',
    examples: ['fwc_Ab3x…'],
  }),
});

export const ApiTokenCreateSchema = closedObject({
  name: Type.String({ minLength: 1, maxLength: API_TOKEN_NAME_MAX_LENGTH }),
  scope,
  expires_at: Type.Optional(
    Type.Union([moment, Type.Null()], { description: 'A moment in the future; null or absent: no expiry' }),
  ),
});

export const ApiTokenIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const ApiTokenOwnerQuerySchema = Type.Object({
  user_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

export type ApiToken = Static<typeof ApiTokenSchema>;
export type ApiTokenCreated = Static<typeof ApiTokenCreatedSchema>;
export type ApiTokenCreate = Static<typeof ApiTokenCreateSchema>;
