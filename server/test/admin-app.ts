// A test app for the admin's account routes: the demo catalogue seeded and an admin signed in.
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { partnerFees } from '../platform/db/schema';
import { type AccountOptions, createSignedIn, createTestApp, seedCatalogue, type TestApp } from './helper';

/** A test app whose database holds the demo catalogue (series, models… that fees and builds name). */
export async function createCatalogueApp(): Promise<TestApp> {
  const t = await createTestApp();
  await seedCatalogue(t.db);
  return t;
}

export type AdminApp = TestApp & { admin: Awaited<ReturnType<typeof createSignedIn>> };

/** A catalogue app with an admin signed in (`admin`: the admin's account, e-mail, password and token). */
export async function createAdminApp(admin: AccountOptions = {}): Promise<AdminApp> {
  const t = await createCatalogueApp();
  return { ...t, admin: await createSignedIn(t.app, t.db, { role: 'admin', ...admin }) };
}

/** A partner's fee records, as the API shows them. */
export const feesOf = async (db: Db, id: number) =>
  (await db.select().from(partnerFees).where(eq(partnerFees.user_id, id))).map(
    ({ series, min_dev_fee, min_total_fee }) => ({ series, min_dev_fee, min_total_fee }),
  );
