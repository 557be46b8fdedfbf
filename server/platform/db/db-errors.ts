/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * True when the error (or the driver error drizzle wrapped in `cause`) is a unique violation, optionally of
 * the named constraint. Works for node-postgres and PGlite, which both carry `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error as PgLikeError | undefined; current; current = current.cause as PgLikeError) {
    if (current.code === UNIQUE_VIOLATION)
      return constraint === undefined || current.constraint === constraint;
    if (typeof current !== 'object') break;
  }
  return false;
}
