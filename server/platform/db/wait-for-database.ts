// Issue 43 §2.5: an instance started before its PostgreSQL (a reboot, a compose file, a failover) exited at
// once. It now waits for the database, retrying with back-off for DATABASE_CONNECT_TIMEOUT seconds and
// logging each try, so start order does not matter; then it gives up with a message naming the settings.
import pRetry from 'p-retry';
import { StartRefusal } from '../../start-refusal';
import { type DbHandle, isDbUnavailable } from './client';

export interface WaitOptions {
  /** DATABASE_URL, named in messages without its password. */
  databaseUrl: string;
  /** How long to keep trying, in milliseconds (DATABASE_CONNECT_TIMEOUT). */
  timeoutMs: number;
  /** Where each failed try is reported. */
  log: (message: string) => void;
  /** The first wait between tries; it doubles up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/** `user@host:port/database` of a DATABASE_URL: what the log may say of it. */
export function describeDatabaseUrl(databaseUrl: string): string {
  if (!URL.canParse(databaseUrl)) return '(DATABASE_URL, unparsable)';
  const url = new URL(databaseUrl);
  const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
  return `${user}${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
}

const messageOf = (error: unknown): string =>
  error instanceof AggregateError
    ? error.errors.map(messageOf).join('; ')
    : error instanceof Error
      ? `${error.message}${'code' in error && error.code ? ` (${String(error.code)})` : ''}`
      : String(error);

/**
 * Resolves once the PostgreSQL server of `handle` answers a query; the embedded database needs no wait. While
 * it cannot be reached (isDbUnavailable: refused, unreachable, starting up…) it tries again, waiting twice as
 * long each time (a second at first, ten at most), until `timeoutMs` has passed; then, or at once for any
 * other failure (a wrong password, an unknown database), it throws a StartRefusal saying what failed.
 */
export async function waitForDatabase(handle: DbHandle, options: WaitOptions): Promise<void> {
  if (handle.kind !== 'pg') return;
  const pool = handle.client;
  const where = describeDatabaseUrl(options.databaseUrl);
  const seconds = Math.round(options.timeoutMs / 1000);
  try {
    await pRetry(
      async () => {
        await pool.query('select 1');
      },
      {
        retries: Number.POSITIVE_INFINITY,
        factor: 2,
        minTimeout: options.minDelayMs ?? 1_000,
        maxTimeout: options.maxDelayMs ?? 10_000,
        randomize: true,
        maxRetryTime: options.timeoutMs,
        shouldRetry: ({ error }) => isDbUnavailable(error),
        onFailedAttempt: ({ error, attemptNumber }) => {
          if (isDbUnavailable(error))
            options.log(
              `database ${where} not reachable (try ${attemptNumber}): ${messageOf(error)}; trying again ` +
                `until DATABASE_CONNECT_TIMEOUT=${seconds} seconds have passed`,
            );
        },
      },
    );
  } catch (error) {
    throw new StartRefusal(
      isDbUnavailable(error)
        ? `the database ${where} (DATABASE_URL) did not answer within DATABASE_CONNECT_TIMEOUT=${seconds} ` +
            `seconds: ${messageOf(error)}. Check DATABASE_URL and that PostgreSQL is up and reachable from here.`
        : `the database ${where} (DATABASE_URL) refused this instance: ${messageOf(error)}. Check DATABASE_URL.`,
    );
  }
}
