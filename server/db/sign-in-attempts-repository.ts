import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { signInAttempts } from './schema';

/**
 * Counts one attempt for `key` in its current window (a new window when the last one ended) and answers the
 * count so far. One statement, so concurrent attempts on several instances are all counted.
 */
export async function countAttempt(db: Db, key: string, windowMs: number): Promise<number> {
  const windowEnd = sql`now() + (${Math.round(windowMs)}::integer * interval '1 millisecond')`;
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
    .returning({ hits: signInAttempts.hits });
  return row.hits;
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/** Forgets windows that have ended. */
export async function pruneAttempts(db: Db): Promise<void> {
  await db.delete(signInAttempts).where(lt(signInAttempts.window_ends_at, sql`now()`));
}
