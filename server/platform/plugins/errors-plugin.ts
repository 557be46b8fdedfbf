import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isDbUnavailable } from '../db/client';
import { HttpError } from '../http/http-errors';
import { toValidationIssues, ValidationFailedError } from '../http/validation-errors';

// Fastify's own messages are written for developers; these are for the people reading our toasts.
const MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

function clientMessage(error: FastifyError): string {
  if (error.code && MESSAGES[error.code]) return MESSAGES[error.code];
  if (error instanceof SyntaxError) return 'Request body is not valid JSON';
  return error.message || 'Bad Request';
}

const ROUTER_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Invalid URL encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'URI too long',
};

/**
 * The router's own refusals (a malformed percent-encoding: 400; a path parameter over its length: 414), which
 * Fastify answers before any handler, in the same `{"detail": message}` shape. A Fastify server option.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  const status = error.statusCode ?? 400;
  (reply as FastifyReply).code(status).send({ detail: ROUTER_MESSAGES[error.code] ?? 'Bad Request' });
};

/**
 * A request Node cannot parse, which no route ever sees (a malformed request line, headers too large): its
 * status in our shape, then the socket closes. A Fastify server option, as Fastify's own answers in its own.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error,
  socket,
) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ detail: STATUS_CODES[status] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/**
 * One error shape for the whole API: 422 `{"detail":[{loc,msg,type}]}` for schema validation, otherwise
 * `{"detail":"message"}`. Server errors are logged and answered without any internals.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        return reply
          .code(422)
          .send({ detail: toValidationIssues(error.validationContext, error.validation) });
      }
      if (error instanceof ValidationFailedError) return reply.code(422).send({ detail: error.issues });
      if (error instanceof HttpError) {
        if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
        return reply.code(error.statusCode).headers(error.headers).send({ detail: error.message });
      }
      if (isDbUnavailable(error)) {
        // The database is down or restarting: a clean answer that clients (and agents) retry, not a 500.
        request.log.warn({ err: error }, 'database unavailable');
        return reply.code(503).header('retry-after', '5').send({ detail: 'Database unavailable' });
      }
      const status = error.statusCode ?? 500;
      if (status < 400 || status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ detail: 'Internal Server Error' });
      }
      return reply.code(status).send({ detail: clientMessage(error) });
    });
  },
  { name: 'errors' },
);
