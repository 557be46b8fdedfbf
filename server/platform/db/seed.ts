import {
  adminExists,
  findAccountByEmail,
  insertAccount,
  insertPartnerFee,
} from '../../accounts/accounts-repository';
import { ensureLicenses } from '../../accounts/licenses-repository';
import { ensureGeneralLogo } from '../../accounts/logos-repository';
import { type StartPassword, startPassword } from '../../accounts/passwords';
import { ensureBuildOptions } from '../../catalogue/build-options-repository';
import { countSeries, insertCatalogue } from '../../catalogue/catalogue-repository';
import { demoCatalogue } from '../../catalogue/demo-catalogue';
import { ensureLanguages } from '../../catalogue/languages-repository';
import { ensurePoolPresets } from '../../catalogue/pool-presets-repository';
import { ensureDemoReleaseSources } from '../../releases/demo-releases';
import type { Db } from './client';

export const DEMO_PARTNER_EMAIL = 'partner@localhost';

export interface SeedOptions {
  adminEmail: string;
  adminPassword?: string;
  seedDemo: boolean;
  demoPassword?: string;
  /** Where the demo's git repositories go (DATA_DIR/repos); without it no demo releases are seeded. */
  dataDir?: string;
  /** The passwords above, already being hashed by the process entry on a fresh data directory. */
  started?: { admin?: StartPassword; demo?: StartPassword };
}

export interface CreatedCredentials {
  email: string;
  /** Present only when we generated it, so it can be printed once. */
  generatedPassword?: string;
}

export interface SeedResult {
  admin?: CreatedCredentials;
  partner?: CreatedCredentials;
  catalogueSeeded: boolean;
}

async function createWithPassword(
  db: Db,
  email: string,
  password: string | StartPassword | undefined,
  values: { worker: string; is_admin?: boolean },
): Promise<{ id: number; credentials: CreatedCredentials }> {
  const { plain, generated, hash } = typeof password === 'object' ? password : startPassword(password);
  const row = await insertAccount(db, { email, password_hash: await hash, ...values });
  return { id: row.id, credentials: { email: row.email, generatedPassword: generated ? plain : undefined } };
}

/** Creates the first admin if there is no admin at all. */
export async function ensureAdmin(
  db: Db,
  email: string,
  password?: string | StartPassword,
): Promise<CreatedCredentials | undefined> {
  if (await adminExists(db)) return undefined;
  if (await findAccountByEmail(db, email)) {
    throw new Error(
      `ADMIN_EMAIL ${email} belongs to an existing non-admin account; choose another ADMIN_EMAIL, or make it an admin with npm run admin -- --email ${email}`,
    );
  }
  const { credentials } = await createWithPassword(db, email, password, { worker: 'admin', is_admin: true });
  return credentials;
}

/** Creates the demo partner, with custom fees on two series, unless it exists. */
export async function ensureDemoPartner(
  db: Db,
  password?: string | StartPassword,
): Promise<CreatedCredentials | undefined> {
  if (await findAccountByEmail(db, DEMO_PARTNER_EMAIL)) return undefined;
  const { id, credentials } = await createWithPassword(db, DEMO_PARTNER_EMAIL, password, { worker: 'demo' });
  await insertPartnerFee(db, { user_id: id, series: 'x19', min_dev_fee: 2, min_total_fee: 3.5 });
  await insertPartnerFee(db, { user_id: id, series: 'x21', min_dev_fee: 2.5, min_total_fee: 4 });
  return credentials;
}

/** Seeds the catalogue when it is empty. */
export async function ensureCatalogue(db: Db): Promise<boolean> {
  if ((await countSeries(db)) > 0) return false;
  await insertCatalogue(db, demoCatalogue());
  return true;
}

/**
 * Start-up seeding, idempotent: the catalogue if empty (a console without one is useless), the first admin
 * if there is none, and with `seedDemo` the demo partner. Reports only what it created.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const catalogueSeeded = await ensureCatalogue(db);
  // Accounts and partners: the general logo (id 1) and, on a fresh console, the demo licenses.
  await ensureGeneralLogo(db);
  await ensureLicenses(db);
  // Sets and builds: the pool presets and build options the build form offers.
  await ensurePoolPresets(db);
  await ensureBuildOptions(db);
  const { started } = options;
  const admin = await ensureAdmin(db, options.adminEmail, started?.admin ?? options.adminPassword);
  const partner = options.seedDemo
    ? await ensureDemoPartner(db, started?.demo ?? options.demoPassword)
    : undefined;
  // Releases: the description languages always; with the demo, git repositories and releases to show.
  await ensureLanguages(db);
  if (options.seedDemo && options.dataDir) await ensureDemoReleaseSources(db, options.dataDir);
  return { admin, partner, catalogueSeeded };
}
