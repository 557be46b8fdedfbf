import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiToken } from '../../../contract/schemas/api-token-schemas';
import { bearerOf } from '../http/bearer';
import { forbidden } from '../http/http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Writes to this route need no XSRF token: its callers authenticate with a credential no other site can
     * make a browser send (the build agents' worker token) and hold no cookies.
     */
    xsrfExempt?: boolean;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

// Every method but the safe ones: an unknown or future method is checked rather than let through.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Decided on the route the router matched, never on the raw URL: the router decodes the path, so
 * `/%61pi/admin/users` reaches `/api/admin/users`, and a test of the raw text would miss it. A write no
 * route answers ends in a 404 that changes nothing.
 */
function needsCheck(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || request.is404) return false;
  // Issue 38: a script's API token. No other site can make a browser send an Authorization header (that takes
  // a CORS preflight we never grant), and the token itself is checked after this (a wrong one answers 401).
  // The browser's session keeps its check: its token is no API token.
  const credential = bearerOf(request.headers.authorization);
  if (credential && isApiToken(credential)) return false;
  return request.routeOptions.config.xsrfExempt !== true;
}

/**
 * Double-submit XSRF protection: every response to a request without the cookie sets a fresh random
 * `XSRF-TOKEN` (readable by the SPA's JavaScript), and every state-changing request to a route must echo it
 * in `X-XSRF-TOKEN` unless the route is `xsrfExempt`. Another site can make the browser send the cookie but cannot read it to set the header.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!needsCheck(request)) return;
      const cookie = request.cookies[XSRF_COOKIE];
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        throw forbidden('CSRF token missing or invalid');
      }
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.cookies[XSRF_COOKIE]) return;
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);
