import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN, ADMIN_OR_DEVELOPER, holdsRole } from '../../contract/roles';
import { mayHaveChangedCaches } from '../platform/cache/noticed-cache';
import { bearerOf } from '../platform/http/bearer';
import { forbidden, unauthorized } from '../platform/http/http-errors';
import { AccountCache } from './account-cache';
import { type AccountRow, findAccountById, touchLastActive } from './accounts-repository';
import {
  type ApiTokenRateLimit,
  apiTokenAuthenticator,
  DEFAULT_API_TOKEN_RATE_LIMIT,
} from './api-tokens/api-token-auth';
import { isApiToken } from './api-tokens/api-token-secret';
import { resolveJwtSecret } from './jwt-secret';
import { createTokenVerifier, secretKey, signAccessToken } from './tokens';

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Requires a valid bearer token of an unblocked account (a session's access token, or an API token:
     * api-tokens/api-token-auth.ts) and sets `request.account`.
     */
    authenticate: Guard;
    /**
     * The account an access token signs in, and when the token stops working; throws the API's 401 or 403 as
     * `authenticate` does. For a token that comes other than in the header (the live socket's first message).
     */
    signedInBy: (token: string) => Promise<{ account: AccountRow; expiresAt: number }>;
    requireAdmin: Guard;
    requireAdminOrDeveloper: Guard;
    issueAccessToken: (account: Pick<AccountRow, 'id' | 'token_version'>) => Promise<string>;
    /** A key for one purpose (e.g. signed unsubscribe links), derived from the server's secret. */
    purposeKey: (purpose: string) => Buffer;
    /** The accounts of recent requests (see AccountCache); told of changes by the builds plugin's bus. */
    accountCache: AccountCache;
  }
  interface FastifyRequest {
    /** The signed-in account, on every /api route that is not public; reading it elsewhere answers 401. */
    account: AccountRow;
    /** When the bearer token of an authenticated request stops working (ms since the epoch); 0 before. */
    tokenExpiresAt: number;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token. */
    public?: boolean;
  }
}

export interface AuthPluginOptions {
  /**
   * Unset: a random secret is created once and kept in the settings table, shared by all instances. Either
   * way it must match the fingerprint the database knows (see jwt-secret.ts), or the app refuses to start.
   */
  jwtSecret?: string;
  tokenTtl: number;
  /** Issue 38: requests per API token and window; unset, DEFAULT_API_TOKEN_RATE_LIMIT. */
  apiTokenRateLimit?: ApiTokenRateLimit;
}

const ACTIVITY_RESOLUTION_MS = 60_000;

export default fp<AuthPluginOptions>(
  async (app, options) => {
    const secret = await resolveJwtSecret(app.db, options.jwtSecret);
    const key = secretKey(secret);
    const verifyToken = createTokenVerifier(key);
    app.decorate('purposeKey', (purpose: string) => createHmac('sha256', secret).update(purpose).digest());

    app.decorate('issueAccessToken', (account: Pick<AccountRow, 'id' | 'token_version'>) =>
      signAccessToken(key, { accountId: account.id, tokenVersion: account.token_version }, options.tokenTtl),
    );

    const accounts = new AccountCache();
    app.decorate('accountCache', accounts);
    // Before the response leaves, so that the next request of its client finds the change.
    app.addHook('onSend', async (request) => {
      if (mayHaveChangedCaches(request)) accounts.forget();
    });

    const signedIn = new WeakMap<FastifyRequest, AccountRow>();
    app.decorateRequest('account', {
      getter(this: FastifyRequest) {
        const account = signedIn.get(this);
        if (!account) throw unauthorized();
        return account;
      },
      setter(this: FastifyRequest, account: AccountRow) {
        signedIn.set(this, account);
      },
    });

    app.decorateRequest('tokenExpiresAt', 0);

    /** The account, if it may still sign in; its last activity noted (at most once a minute). */
    const activeAccount = async (id: number) => {
      const account = await accounts.get(id, (key) => findAccountById(app.db, key));
      if (!account) throw unauthorized();
      if (account.is_blocked) throw forbidden('Account is blocked');
      const lastActive = account.last_active?.getTime() ?? 0;
      if (Date.now() - lastActive >= ACTIVITY_RESOLUTION_MS) {
        await touchLastActive(app.db, account.id);
        accounts.forget(account.id);
      }
      // A copy: handlers never change the cached row.
      return { ...account };
    };

    app.decorate('signedInBy', async (token: string) => {
      const verified = await verifyToken(token);
      if (!verified.ok) throw unauthorized(verified.reason === 'expired' ? 'Token expired' : undefined);
      const account = await accounts.get(verified.claims.accountId, (id) => findAccountById(app.db, id));
      if (!account || account.token_version !== verified.claims.tokenVersion) throw unauthorized();
      return { account: await activeAccount(account.id), expiresAt: verified.expiresAt };
    });

    app.decorateRequest('apiToken', null);
    const byApiToken = apiTokenAuthenticator(
      app,
      options.apiTokenRateLimit ?? DEFAULT_API_TOKEN_RATE_LIMIT,
      activeAccount,
    );

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const credential = bearerOf(request.headers.authorization);
      if (!credential) throw unauthorized();
      if (isApiToken(credential)) return byApiToken(request, credential);
      const { account, expiresAt } = await app.signedInBy(credential);
      request.account = account;
      request.tokenExpiresAt = expiresAt;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!holdsRole(request.account, ADMIN)) throw forbidden();
    });

    app.decorate('requireAdminOrDeveloper', async (request: FastifyRequest) => {
      if (!holdsRole(request.account, ADMIN_OR_DEVELOPER)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['db', '@fastify/rate-limit'] },
);
