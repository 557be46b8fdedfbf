import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/audit-log';
import type { ApiTokenRow } from '../../platform/db/schema';
import { forbidden, HttpError, unauthorized } from '../../platform/http/http-errors';
import type { AccountRow } from '../accounts-repository';
import { hashApiToken } from './api-token-secret';
import {
  countApiTokenRequest,
  findApiTokenByHash,
  markFirstUse,
  touchApiToken,
} from './api-tokens-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token that authenticated the request (issue 38); null for a session's access token. */
    apiToken: ApiTokenRow | null;
  }
  interface FastifyContextConfig {
    /** An API token is refused here (403): making tokens, changing the password or the e-mail need a session. */
    sessionOnly?: boolean;
  }
}

/** Requests an API token may make per window (API_TOKEN_RATE_LIMIT a minute by default). */
export interface ApiTokenRateLimit {
  max: number;
  windowMs: number;
}

export const DEFAULT_API_TOKEN_RATE_LIMIT: ApiTokenRateLimit = { max: 600, windowMs: 60_000 };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const USE_RESOLUTION_MS = 60_000;
const POLICY = '"per-token"';

export const READ_ONLY_MESSAGE =
  'This API token has the read scope: it may only read (GET). Make a token with the build scope to write.';
export const SESSION_ONLY_MESSAGE = 'An API token cannot do this: sign in with the password';
export const TOKEN_RATE_MESSAGE = 'Too many requests with this API token';

/**
 * Authenticates requests that carry an API token (issue 38): found by its hash, refused when revoked or expired,
 * limited per token with the IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy`
 * and `RateLimit`, `Retry-After` on 429), its scope enforced, its first use audited. The count is kept in the
 * database (api_token_rates), so the limit holds across every instance sharing it. Only live tokens are counted:
 * an unknown, revoked or expired one costs one indexed lookup and gets 401, as before any count.
 */
export function apiTokenAuthenticator(
  app: FastifyInstance,
  limits: ApiTokenRateLimit,
  activeAccount: (id: number) => Promise<AccountRow>,
) {
  const rateHeaders = new WeakMap<FastifyRequest, Record<string, string>>();
  const policy = `${POLICY};q=${limits.max};w=${Math.ceil(limits.windowMs / 1000)}`;

  app.addHook('onSend', async (request, reply) => {
    const headers = rateHeaders.get(request);
    if (headers) reply.headers(headers);
  });

  const limit = async (request: FastifyRequest, token: ApiTokenRow) => {
    const { count, leftMs } = await countApiTokenRequest(app.db, token.id, limits.windowMs);
    const reset = Math.max(0, Math.ceil(leftMs / 1000));
    const headers = {
      'ratelimit-policy': policy,
      ratelimit: `${POLICY};r=${Math.max(0, limits.max - count)};t=${reset}`,
    };
    rateHeaders.set(request, headers);
    if (count > limits.max)
      throw new HttpError(429, TOKEN_RATE_MESSAGE, { ...headers, 'retry-after': String(Math.max(1, reset)) });
  };

  const noteUse = async (token: ApiTokenRow) => {
    if (token.last_used_at === null) {
      await app.db.transaction(async (tx) => {
        if (!(await markFirstUse(tx, token.id))) return;
        await recordAudit(tx, {
          actorId: token.account_id,
          action: 'api_token.use',
          objectType: 'api_token',
          objectId: token.id,
          after: { name: token.name, scope: token.scope },
        });
      });
    } else if (Date.now() - token.last_used_at.getTime() >= USE_RESOLUTION_MS) {
      await touchApiToken(app.db, token.id);
    }
  };

  return async (request: FastifyRequest, credential: string) => {
    const token = await findApiTokenByHash(app.db, hashApiToken(credential));
    if (!token) throw unauthorized();
    if (token.revoked_at) throw unauthorized('API token revoked');
    if (token.expires_at && token.expires_at.getTime() <= Date.now()) throw unauthorized('API token expired');
    await limit(request, token);
    const account = await activeAccount(token.account_id);
    if (token.scope === 'read' && !SAFE_METHODS.has(request.method)) throw forbidden(READ_ONLY_MESSAGE);
    if (request.routeOptions.config.sessionOnly) throw forbidden(SESSION_ONLY_MESSAGE);
    await noteUse(token);
    request.account = account;
    request.apiToken = token;
    request.tokenExpiresAt = token.expires_at?.getTime() ?? Number.MAX_SAFE_INTEGER;
  };
}
