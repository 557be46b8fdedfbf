import { and, asc, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type MailKind, type MailOutboxRow, mailOutbox } from '../db/schema';

export type { MailKind, MailOutboxRow };
export type NewMailOutboxRow = typeof mailOutbox.$inferInsert;

/** The kinds that wait `delayMs` after being queued (a release removed within the minute sends nothing). */
const DELAYED_KINDS: MailKind[] = ['release'];

/** How the outbox sender paces itself; every field has a default (DEFAULT_OUTBOX_OPTIONS). */
export interface OutboxOptions {
  /** A release row is sent no sooner than this after it was queued (a release removed meanwhile sends nothing). */
  delayMs: number;
  /** How often the sender looks for due rows. */
  pollMs: number;
  /** How long a claimed row stays the claimer's; after it another sender may take it (the first died). */
  leaseMs: number;
  /** The first retry after a failed send waits this long; each next one twice as long, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Rows claimed at once. */
  batchSize: number;
  /** After this many failed attempts a row is given up (status failed). */
  maxAttempts: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  delayMs: 60_000,
  pollMs: 5_000,
  leaseMs: 15 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  batchSize: 10,
  maxAttempts: 30,
};

const msInterval = (ms: number) => sql`(${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

/**
 * Claims up to `batchSize` due rows for this sender: pending, queued at least `delayMs` ago, not waiting for a
 * retry, and not held by another sender (or held past its lease). One statement, the candidates locked with
 * SKIP LOCKED, so two senders (two API instances) never claim the same row. Each claim counts an attempt.
 */
export async function claimDueMails(
  db: Db,
  options: OutboxOptions,
  /** Rows not to claim (they failed earlier in the same pass: the next pass tries them again). */
  exclude: number[] = [],
): Promise<MailOutboxRow[]> {
  const candidates = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.send_after, sql`now()`),
        or(
          notInArray(mailOutbox.kind, DELAYED_KINDS),
          lte(mailOutbox.created_at, sql`now() - ${msInterval(options.delayMs)}`),
        ),
        or(isNull(mailOutbox.locked_until), lt(mailOutbox.locked_until, sql`now()`)),
        exclude.length > 0 ? notInArray(mailOutbox.id, exclude) : undefined,
      ),
    )
    .orderBy(asc(mailOutbox.send_after), asc(mailOutbox.id))
    .limit(options.batchSize)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({
      locked_until: sql`now() + ${msInterval(options.leaseMs)}`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, candidates))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Queues mails in the caller's transaction, so that a mail is queued exactly when the change it tells of
 * commits. A row the unique indexes already hold (the same release or build run for the account) is not
 * queued again. Answers how many were queued.
 */
export async function enqueueMails(db: Db, rows: NewMailOutboxRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const queued = await db
    .insert(mailOutbox)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return queued.length;
}

/**
 * Whether a later mail of the same kind, about the same account, to the same address is queued or sent: a
 * reset link or an e-mail change's link asked for again while the first waited (an SMTP outage) is sent once,
 * the latest (only the latest link works anyway).
 */
export async function supersededMail(
  db: Db,
  row: Pick<MailOutboxRow, 'id' | 'kind' | 'account_id' | 'to_email'>,
): Promise<boolean> {
  if (row.to_email === null) return false;
  const [later] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to_email, row.to_email),
        eq(mailOutbox.kind, row.kind),
        sql`${mailOutbox.account_id} is not distinct from ${row.account_id}`,
        gt(mailOutbox.id, row.id),
        inArray(mailOutbox.status, ['pending', 'sent']),
      ),
    )
    .limit(1);
  return later !== undefined;
}

/** The row went out: it is never claimed again. */
export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sent_at: sql`now()`, locked_until: null, last_error: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** The row is no longer to be sent (release no longer visible, account opted out, blocked or removed). */
export async function markMailDropped(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'dropped', locked_until: null, last_error: reason })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** The back-off before the next attempt after `attempts` failed ones: base, 2×base, 4×base … up to max. */
export function retryDelayMs(attempts: number, options: OutboxOptions): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** exponent);
}

/** A failed send: tried again after the back-off, or given up after maxAttempts. */
export async function markMailFailed(
  db: Db,
  row: Pick<MailOutboxRow, 'id' | 'attempts'>,
  error: string,
  options: OutboxOptions,
): Promise<'retry' | 'failed'> {
  const giveUp = row.attempts >= options.maxAttempts;
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      send_after: sql`now() + ${msInterval(retryDelayMs(row.attempts, options))}`,
      locked_until: null,
      last_error: error.slice(0, 1000),
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
  return giveUp ? 'failed' : 'retry';
}

/** Claimed rows this sender will not handle (it is stopping): free for the next claim at once. */
export async function releaseMailClaims(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ locked_until: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
}
