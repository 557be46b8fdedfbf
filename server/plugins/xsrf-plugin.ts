import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/http-errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Build agents authenticate with their worker token only and hold no browser cookies.
const EXEMPT_PREFIX = '/api/agent/';

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function needsCheck(request: FastifyRequest): boolean {
  if (!WRITE_METHODS.has(request.method) || request.is404) return false;
  const path = request.url.split('?', 1)[0];
  return path.startsWith('/api/') && !path.startsWith(EXEMPT_PREFIX);
}

/**
 * Double-submit XSRF protection: every response to a request without the cookie sets a fresh random
 * `XSRF-TOKEN` (readable by the SPA's JavaScript), and every write under /api must echo it in
 * `X-XSRF-TOKEN`. Another site can make the browser send the cookie but cannot read it to set the header.
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
