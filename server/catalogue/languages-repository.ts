import { asc, inArray } from 'drizzle-orm';
import { SUPPORTED_LANGUAGES } from '../../contract/constants';
import type { Db } from '../platform/db/client';
import { languages } from '../platform/db/schema';

export function listLanguages(db: Db): Promise<{ name: string }[]> {
  return db.select().from(languages).orderBy(asc(languages.name));
}

/** The subset of `names` that are known languages. */
export async function knownLanguages(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select().from(languages).where(inArray(languages.name, names));
  return new Set(rows.map((row) => row.name));
}

/** Seeds the languages releases are described in (en, ru); existing rows are kept. */
export async function ensureLanguages(db: Db): Promise<void> {
  await db
    .insert(languages)
    .values(SUPPORTED_LANGUAGES.map((name) => ({ name })))
    .onConflictDoNothing();
}
