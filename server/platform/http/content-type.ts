import type { onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from './http-errors';

/** The media type of a Content-Type header, lowercase and without parameters (`; charset=…`). */
export const mediaTypeOf = (header: string | undefined) => header?.split(';')[0].trim().toLowerCase() ?? '';

/**
 * Refuses, before the body is read, a request whose Content-Type is not one the route declares in its
 * schema's `consumes`: a route that streams its body (an artifact upload) would otherwise be handed whatever
 * another parser made of it (JSON parsed into an object) and fail as a 500.
 */
export function requireContentType(consumes: readonly string[]): onRequestAsyncHookHandler {
  const allowed = consumes.map((type) => mediaTypeOf(type));
  return async (request) => {
    if (!allowed.includes(mediaTypeOf(request.headers['content-type'])))
      throw new HttpError(415, `Unsupported media type: send ${allowed.join(' or ')}`);
  };
}
