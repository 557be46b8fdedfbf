import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { type EmailTokenRow, emailTokens } from '../platform/db/schema';

export type EmailTokenPurpose = EmailTokenRow['purpose'];

/** How long an e-mailed link works. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  reset_password: 60 * 60_000,
  change_email: 24 * 60 * 60_000,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewEmailToken {
  account_id: number;
  purpose: EmailTokenPurpose;
  new_email?: string;
}

/**
 * Creates a single-use token and answers it in plain text (only its hash is stored). Earlier unused tokens of
 * the same account and purpose stop working: only the latest e-mail's link is valid. Expired and used tokens
 * of the account are swept at the same time.
 */
export async function issueEmailToken(db: Db, values: NewEmailToken): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + EMAIL_TOKEN_TTL_MS[values.purpose]);
  await db.transaction(async (tx) => {
    await tx
      .delete(emailTokens)
      .where(
        and(
          eq(emailTokens.account_id, values.account_id),
          or(
            eq(emailTokens.purpose, values.purpose),
            lt(emailTokens.expires_at, sql`now()`),
            sql`${emailTokens.used_at} is not null`,
          ),
        ),
      );
    await tx.insert(emailTokens).values({
      account_id: values.account_id,
      purpose: values.purpose,
      new_email: values.new_email ?? null,
      token_hash: hashToken(token),
      expires_at: expiresAt,
    });
  });
  return token;
}

/**
 * Marks a valid token used and answers its row; undefined when it is unknown, of another purpose, expired or
 * already used. One conditional UPDATE, so two requests racing with the same token cannot both win.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(emailTokens.token_hash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.used_at),
        gt(emailTokens.expires_at, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Every outstanding link of the account stops working: its sessions ended, or its e-mail changed. */
export async function revokeEmailTokens(db: Db, accountId: number): Promise<void> {
  await db.delete(emailTokens).where(eq(emailTokens.account_id, accountId));
}
