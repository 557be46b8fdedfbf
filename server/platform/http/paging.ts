import type { FastifyReply } from 'fastify';

/** The list headers of the API contract: zero-based page, its size and the total across pages. */
export function setPageHeaders(reply: FastifyReply, page: number, pageSize: number, total: number): void {
  reply.header('x-page', String(page));
  reply.header('x-page-size', String(pageSize));
  reply.header('x-total-count', String(total));
}
