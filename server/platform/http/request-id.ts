// Request ids (issue 43 §2.9): Fastify's default, a per-process counter, repeated across instances and
// unknown to the client. Each request now gets a random UUID, or the balancer's `X-Request-Id` when the
// balancer is a trusted proxy, returns it in `X-Request-Id`, and every log line of the request carries it as
// `reqId`. Each request is logged once, when answered.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

// What a proxy's id may be (nginx's $request_id is 32 hex digits; a UUID has 36 characters): nothing that
// could forge a log line or fill it.
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` of a trusted proxy (`isTrustedPeer`, from TRUST_PROXY), when it is
 * 1–128 letters, digits, `.`, `_`, `:` or `-`; otherwise a new UUID. A client's own header is ignored: it could
 * make its requests look like someone else's in the log.
 */
export function requestIdGenerator(
  isTrustedPeer: (address: string | undefined) => boolean,
): (req: IncomingMessage) => string {
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && VALID_REQUEST_ID.test(given) && isTrustedPeer(req.socket?.remoteAddress))
      return given;
    return randomUUID();
  };
}

/**
 * Returns the id in `X-Request-Id` on every answer (set first thing, so errors and 404s carry it too), and logs
 * each request once at info when its answer is sent (the app runs with Fastify's `disableRequestLogging`:
 * Fastify logged both "incoming request" and "request completed" at info); its arrival only at debug.
 */
const requestIdPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // At debug only (LOG_LEVEL=debug): a request that has not been answered yet.
    request.log.debug({ req: request }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
};

export default fp(requestIdPlugin, { name: 'request-id' });
