import { and, asc, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { GENERAL_LOGO_ID } from '../../contract/constants';
import { englishOf } from '../../contract/english';
import { logoSetsAllowance } from '../../contract/rules/account';
import type { Db } from '../platform/db/client';
import { accounts, buildSets, builds, type LogoRow, logos } from '../platform/db/schema';
import { invalid } from '../platform/http/validation-errors';

export type { LogoRow };
/** A removed logo set's file name once its file was deleted (logo-purge.ts); no stored name is empty. */
export const PURGED_FILE = '';

export type NewLogo = Pick<LogoRow, 'account_id' | 'le_file' | 'le_type' | 'de_file' | 'de_type'> &
  Partial<Pick<LogoRow, 'for_build'>>;

/** Seeds the general logo (id 1) unless it exists; its images ship with the console. */
export async function ensureGeneralLogo(db: Db): Promise<void> {
  await db
    .insert(logos)
    .values({
      id: GENERAL_LOGO_ID,
      account_id: null,
      le_file: 'builtin/general-le.svg',
      le_type: 'image/svg+xml',
      de_file: 'builtin/general-de.svg',
      de_type: 'image/svg+xml',
    })
    .onConflictDoNothing();
}

/** The general logo and the account's own sets that are not removed, oldest first. */
export function listLogoSets(db: Db, accountId: number): Promise<LogoRow[]> {
  return db
    .select()
    .from(logos)
    .where(
      and(
        eq(logos.is_removed, false),
        or(eq(logos.account_id, accountId), and(eq(logos.id, GENERAL_LOGO_ID), isNull(logos.account_id))),
      ),
    )
    .orderBy(asc(logos.id));
}

export async function findLogo(db: Db, id: number): Promise<LogoRow | undefined> {
  const [row] = await db.select().from(logos).where(eq(logos.id, id));
  return row;
}

/**
 * Issue 43: a set whose images were public as `/api/logos/<id>/<variant>` before issue 12 (finding 8) gave them
 * random ids, and that is still in use: not removed, and a build made then still names that URL in its job.
 * Only such a URL is redirected to the set's current one: a set's number was never public since, so counting
 * numbers finds nothing the old console did not already show.
 */
export async function findLegacyPublicLogo(db: Db, id: number): Promise<LogoRow | undefined> {
  const [row] = await db
    .select()
    .from(logos)
    .where(
      and(
        eq(logos.id, id),
        eq(logos.is_removed, false),
        sql`exists (select 1 from ${builds} where ${builds.logo_id} = ${id}
          and ${builds.job_spec} -> 'logo' -> 'le' ->> 'url' = ${`/api/logos/${id}/le`})`,
      ),
    );
  return row;
}

/**
 * A logo set whose images are public: by its random public id, and only while it is not removed (builds made
 * with a removed set get its images through their job, see routes/agent/job-logo.ts).
 */
export async function findPublicLogo(db: Db, publicId: string): Promise<LogoRow | undefined> {
  const [row] = await db
    .select()
    .from(logos)
    .where(and(eq(logos.public_id, publicId), eq(logos.is_removed, false)));
  return row;
}

/**
 * Issue 36: refuses (422) a logo set over the account's allowance: its sets whose files are stored, removed
 * ones a build still needs included. The account's row is locked, so two uploads at once cannot both pass.
 */
async function checkLogoAllowance(db: Db, accountId: number): Promise<void> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  const [{ n }] = await db
    .select({ n: count() })
    .from(logos)
    .where(and(eq(logos.account_id, accountId), ne(logos.le_file, PURGED_FILE)));
  const refusal = englishOf(logoSetsAllowance(n));
  if (refusal) throw invalid(['body', 'logo'], refusal);
}

/** Adds a logo set, within the account's allowance; as the default, it replaces the account's previous one. */
export function insertLogoSet(db: Db, values: NewLogo & { account_id: number }, makeDefault: boolean) {
  return db.transaction(async (tx) => {
    await checkLogoAllowance(tx, values.account_id);
    if (makeDefault) {
      await tx
        .update(logos)
        .set({ is_default: false })
        .where(and(eq(logos.account_id, values.account_id), eq(logos.is_default, true)));
    }
    const [row] = await tx
      .insert(logos)
      .values({ ...values, is_default: makeDefault })
      .returning();
    return row;
  });
}

/**
 * Removes one of the account's own logo sets (soft: builds made with it keep their images until none may be
 * built again, then purgeUnusedLogos deletes them); answers it, or
 * undefined when it is not theirs or already removed. A removed default leaves the general logo as default,
 * and the sets that used it fall back to the general logo (what the dialog promises; issue 15, item 3), in
 * the same transaction, so their next builds ship the general logo.
 */
export async function removeOwnLogoSet(db: Db, accountId: number, id: number): Promise<LogoRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(logos)
      .set({ is_removed: true, is_default: false })
      .where(and(eq(logos.id, id), eq(logos.account_id, accountId), eq(logos.is_removed, false)))
      .returning();
    if (row) {
      await tx
        .update(buildSets)
        .set({ logo_id: GENERAL_LOGO_ID, updated_at: sql`now()` })
        .where(eq(buildSets.logo_id, id));
    }
    return row;
  });
}

/**
 * Issue 37: one of the account's sets becomes its default ('my logo'), the previous default no longer; a set
 * uploaded for one build becomes a saved set. Answers it, or undefined when it is not theirs or removed.
 */
export function makeLogoSetDefault(db: Db, accountId: number, id: number): Promise<LogoRow | undefined> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select()
      .from(logos)
      .where(and(eq(logos.id, id), eq(logos.account_id, accountId), eq(logos.is_removed, false)))
      .for('update');
    if (!own) return undefined;
    await tx
      .update(logos)
      .set({ is_default: false })
      .where(and(eq(logos.account_id, accountId), eq(logos.is_default, true)));
    const [row] = await tx
      .update(logos)
      .set({ is_default: true, for_build: false })
      .where(eq(logos.id, id))
      .returning();
    return row;
  });
}
