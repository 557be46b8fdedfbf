import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { type LicenseRow, licenseIssues, licenses } from '../platform/db/schema';

export type { LicenseRow };

/** Licenses a fresh console starts with: the regional firmware licenses partners build with. */
export const DEMO_LICENSES: Pick<LicenseRow, 'name' | 'region'>[] = [
  { name: 'EU Standard', region: 'Europe' },
  { name: 'EU Hosting', region: 'Europe' },
  { name: 'US Standard', region: 'North America' },
  { name: 'Canada Standard', region: 'North America' },
  { name: 'Kazakhstan Hosting', region: 'CIS' },
  { name: 'Russia Standard', region: 'CIS' },
  { name: 'Paraguay Hydro', region: 'Latin America' },
  { name: 'UAE Standard', region: 'Middle East' },
];

/** Seeds the demo licenses when there are none. */
export async function ensureLicenses(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(licenses);
  if ((row?.total ?? 0) > 0) return false;
  await db.insert(licenses).values(DEMO_LICENSES).onConflictDoNothing();
  return true;
}

export function listLicenses(db: Db): Promise<LicenseRow[]> {
  return db.select().from(licenses).orderBy(asc(licenses.region), asc(licenses.name));
}

/**
 * Licenses issued, per license (issue 17): one for each build that completed carrying it, kept whatever
 * happened to the build or its set afterwards (see recordLicenseIssue in server/queue).
 */
export async function countIssuedByLicense(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ license_id: licenseIssues.license_id, total: count() })
    .from(licenseIssues)
    .groupBy(licenseIssues.license_id);
  return new Map(rows.map((r) => [r.license_id, r.total]));
}

export async function findLicense(db: Db, id: number): Promise<LicenseRow | undefined> {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id));
  return row;
}
