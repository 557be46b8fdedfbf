import type { FastifyReply } from 'fastify';

/**
 * Answers 201 with `Location`, the API path of what was made (issue 38; RFC 9110 §15.3.2). Each segment is
 * encoded, so a name with `/`, `?` or `%` in it stays one segment.
 */
export function created(reply: FastifyReply, segments: (string | number)[], query?: Record<string, number>) {
  const path = `/api/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}`;
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
    : '';
  return reply.code(201).header('location', path + search);
}
