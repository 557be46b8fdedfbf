import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { settings } from './schema';

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/**
 * Returns the stored value, storing `make()` first if there is none. Safe when several instances race:
 * the first insert wins and everyone reads the winner.
 */
export async function getOrCreateSetting(db: Db, key: string, make: () => string): Promise<string> {
  const existing = await getSetting(db, key);
  if (existing !== undefined) return existing;
  await db.insert(settings).values({ key, value: make() }).onConflictDoNothing();
  const stored = await getSetting(db, key);
  if (stored === undefined) throw new Error(`Setting ${key} could not be stored`);
  return stored;
}

/** Stores `value` under `key`, replacing what was there. */
export async function putSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
}
