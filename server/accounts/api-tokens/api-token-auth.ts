import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/audit-log';
import type { ApiTokenRow } from '../../platform/db/schema';
import { forbidden, HttpError, unauthorized } from '../../platform/http/http-errors';
import type { AccountRow } from '../accounts-repository';
import { hashApiToken } from './api-token-secret';
import { findApiTokenByHash, markFirstUse, touchApiToken } from './api-tokens-repository';

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
 * and `RateLimit`, `Retry-After` on 429), its scope enforced, its first use audited. The counting is
 * @fastify/rate-limit's (this instance's memory, keyed by the token's hash, so that unknown tokens are limited
 * before any database lookup).
 */
export function apiTokenAuthenticator(
  app: FastifyInstance,
  limits: ApiTokenRateLimit,
  activeAccount: (id: number) => Promise<AccountRow>,
) {
  const limiter = app.createRateLimit({
    max: limits.max,
    timeWindow: limits.windowMs,
    keyGenerator: (request: FastifyRequest) => `api-token:${hashApiToken(bearer.get(request) ?? '')}`,
  });
  const bearer = new WeakMap<FastifyRequest, string>();
  const rateHeaders = new WeakMap<FastifyRequest, Record<string, string>>();

  app.addHook('onSend', async (request, reply) => {
    const headers = rateHeaders.get(request);
    if (headers) reply.headers(headers);
  });

  const limit = async (request: FastifyRequest) => {
    const result = await limiter(request);
    if (result.isAllowed) return;
    const headers = {
      'ratelimit-policy': `${POLICY};q=${result.max};w=${Math.ceil(result.timeWindow / 1000)}`,
      ratelimit: `${POLICY};r=${result.remaining};t=${result.ttlInSeconds}`,
    };
    rateHeaders.set(request, headers);
    if (result.isExceeded)
      throw new HttpError(429, TOKEN_RATE_MESSAGE, {
        ...headers,
        'retry-after': String(Math.max(1, result.ttlInSeconds)),
      });
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
    bearer.set(request, credential);
    await limit(request);
    const token = await findApiTokenByHash(app.db, hashApiToken(credential));
    if (!token) throw unauthorized();
    if (token.revoked_at) throw unauthorized('API token revoked');
    if (token.expires_at && token.expires_at.getTime() <= Date.now()) throw unauthorized('API token expired');
    const account = await activeAccount(token.account_id);
    if (token.scope === 'read' && !SAFE_METHODS.has(request.method)) throw forbidden(READ_ONLY_MESSAGE);
    if (request.routeOptions.config.sessionOnly) throw forbidden(SESSION_ONLY_MESSAGE);
    await noteUse(token);
    request.account = account;
    request.apiToken = token;
    request.tokenExpiresAt = token.expires_at?.getTime() ?? Number.MAX_SAFE_INTEGER;
  };
}
