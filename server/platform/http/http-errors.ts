/**
 * An error that answers `{"detail": message}` with its status (and `headers`); anything else thrown becomes a
 * 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not Found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** 429 with `Retry-After` in whole seconds (at least 1), so clients and people know when to try again. */
export const tooManyRequests = (message: string, retryAfterMs: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
