import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { signInAttempts } from '../platform/db/schema';

const millis = (ms: number) => sql`(${Math.round(ms)}::integer * interval '1 millisecond')`;
/** Milliseconds from the database's now() until `at` (rounded up; at least 1). */
const msUntil = (at: unknown) =>
  sql<number>`greatest(1, ceil(extract(epoch from (${at} - now())) * 1000))::integer`;

export interface CountedAttempt {
  /** Attempts in the current window, this one included. */
  hits: number;
  /** Until the window ends. */
  retryAfterMs: number;
}

/**
 * Counts one attempt for `key` in its current window (a new window when the last one ended) and answers the
 * count so far. One statement, so concurrent attempts on several instances are all counted.
 */
export async function countAttempt(db: Db, key: string, windowMs: number): Promise<CountedAttempt> {
  const windowEnd = sql`now() + ${millis(windowMs)}`;
  const ended = sql`${signInAttempts.window_ends_at} <= now()`;
  const [row] = await db
    .insert(signInAttempts)
    .values({ key, hits: 1, window_ends_at: windowEnd })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${signInAttempts.hits} + 1 end`,
        window_ends_at: sql`case when ${ended} then ${windowEnd} else ${signInAttempts.window_ends_at} end`,
      },
    })
    .returning({ hits: signInAttempts.hits, retryAfterMs: msUntil(signInAttempts.window_ends_at) });
  return row;
}

/** When the delay after attempt `n` ends: baseDelayMs · 2^(n − freeAttempts) from now, or null before that. */
const delayAfter = (n: unknown, rule: BackoffRule) =>
  sql`case when ${n} >= ${rule.freeAttempts}::integer then now() + least(${rule.baseDelayMs}::double precision * power(2, least(${n} - ${rule.freeAttempts}::integer, 40)), ${rule.maxDelayMs}::double precision) * interval '1 millisecond' end`;

export interface BackoffRule {
  /** Attempts taken before the first delay. */
  freeAttempts: number;
  /** The delay after the last free attempt; each further attempt doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The count starts again this long after the last attempt taken. */
  forgetMs: number;
}

/**
 * Takes one attempt for `key` unless the key is in its back-off delay: answers `{ taken: true }`, or the time
 * left. Attempt n (counted since the key was last cleared or forgotten) sets a delay of
 * baseDelayMs · 2^(n − freeAttempts) when n ≥ freeAttempts. The attempt is counted before its outcome is known
 * and the caller clears the key on success, so concurrent guesses (on one instance or several) are counted
 * too: once the count reaches `freeAttempts`, the first of them sets the delay and the others are refused.
 * Attempts refused during the delay do not lengthen it, so a stranger cannot keep the owner out for longer
 * than `maxDelayMs` after their last counted guess.
 */
export async function takeBackoffAttempt(
  db: Db,
  key: string,
  rule: BackoffRule,
): Promise<{ taken: true } | { taken: false; retryAfterMs: number }> {
  const t = signInAttempts;
  const forgotten = sql`${t.window_ends_at} <= now()`;
  const next = sql`(case when ${forgotten} then 1 else ${t.hits} + 1 end)`;
  const delayFor = (n: unknown) => delayAfter(n, rule);
  const taken = await db
    .insert(t)
    .values({
      key,
      hits: 1,
      window_ends_at: sql`now() + ${millis(rule.forgetMs)}`,
      blocked_until: delayFor(sql`1`),
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: next,
        window_ends_at: sql`now() + ${millis(rule.forgetMs)}`,
        blocked_until: delayFor(next),
      },
      // Inside the delay the row is left as it is and nothing is returned.
      setWhere: sql`${t.blocked_until} is null or ${t.blocked_until} <= now()`,
    })
    .returning({ hits: t.hits });
  if (taken.length > 0) return { taken: true };
  const [row] = await db
    .select({ retryAfterMs: msUntil(t.blocked_until) })
    .from(t)
    .where(eq(t.key, key));
  return { taken: false, retryAfterMs: row?.retryAfterMs ?? 1 };
}

/**
 * The attempt taken last failed: its delay starts again from now, so the Retry-After a client gets counts from
 * the answer it got (checking a password takes a while), not from when the attempt was taken.
 */
export async function restartBackoffDelay(db: Db, key: string, rule: BackoffRule): Promise<void> {
  await db
    .update(signInAttempts)
    .set({ blocked_until: delayAfter(signInAttempts.hits, rule) })
    .where(eq(signInAttempts.key, key));
}

export async function clearAttempts(db: Db, ...keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/** Forgets windows that have ended (a back-off's window ends after its delay: forgetMs ≥ the delay). */
export async function pruneAttempts(db: Db): Promise<void> {
  await db.delete(signInAttempts).where(lt(signInAttempts.window_ends_at, sql`now()`));
}
