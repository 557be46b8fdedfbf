import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read that rarely changes (the catalogue, releases, languages, build options, pool presets): its 200
     * answers carry an ETag and `Cache-Control: private, no-cache`, and a request whose If-None-Match holds that
     * tag gets 304 without a body. The browser keeps the answer and revalidates it on every use.
     */
    etag?: boolean;
  }
}

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * What is compressed: JSON, text and XML (SVG). Not `application/octet-stream`, which @fastify/compress would
 * take by default, nor archives (artifacts, sources): they are compressed already.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

/** Routes left alone: the SPA's files (@fastify/static sends its brotli and gzip copies) and WebSockets. */
const API_PATH = /^\/api(\/|$)/;

/** The tag of one answer body: a digest of the bytes, weak because compression changes the bytes sent. */
function etagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2). */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * The ETag hook (issue 14). @fastify/etag is not among the project's packages; this is its one behaviour we
 * need, on the routes that ask for it (`config: { etag: true }`): a digest of the serialised body, compared
 * with If-None-Match. It runs before compression (route-level onSend hooks run after this app-level one), so
 * the tag is of the JSON itself.
 */
async function etagHook(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!request.routeOptions.config.etag || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const etag = etagOf(payload);
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  if (!ifNoneMatchHolds(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return null;
}

/**
 * Delivery of API answers (issue 14): JSON over COMPRESS_THRESHOLD compressed by Accept-Encoding (brotli at
 * @fastify/compress's quality 4, else gzip), and ETags with 304 on the reads that ask for them. Request bodies
 * are not decompressed (no route accepts a compressed upload). Register before the routes: both attach to
 * routes as they are added.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', etagHook);
    // Before @fastify/compress's own onRoute hook, which reads `compress` of each route as it is added.
    app.addHook('onRoute', (route) => {
      if (route.compress === undefined && (!API_PATH.test(route.url) || route.websocket))
        route.compress = false;
    });
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE,
    });
  },
  { name: 'delivery' },
);
