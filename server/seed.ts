// Start-up seeding, the one place that calls each feature's own (accounts/account-seed.ts,
// catalogue/catalogue-seed.ts and the ensure… of the others), so that platform/ depends on no feature.
import { type CreatedCredentials, ensureAdmin, ensureDemoPartner } from './accounts/account-seed';
import { ensureLicenses } from './accounts/licenses-repository';
import { ensureGeneralLogo } from './accounts/logos-repository';
import type { StartPassword } from './accounts/passwords';
import { ensureBuildOptions } from './catalogue/build-options-repository';
import { ensureCatalogue } from './catalogue/catalogue-seed';
import { ensureLanguages } from './catalogue/languages-repository';
import { ensurePoolPresets } from './catalogue/pool-presets-repository';
import type { Db } from './platform/db/client';
import { ensureDemoReleaseSources } from './releases/demo-releases';

export type { CreatedCredentials } from './accounts/account-seed';

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

export interface SeedResult {
  admin?: CreatedCredentials;
  partner?: CreatedCredentials;
  catalogueSeeded: boolean;
}

/**
 * Start-up seeding, idempotent: what every console needs (the general logo, the pool presets and build
 * options the build form offers, the description languages, the first admin if there is none), and with
 * `seedDemo` the demo: its catalogue and licenses when there are none, its partner, its releases. Reports only
 * what it created.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  // The demo's catalogue and licenses only with the demo (issue 43 §2.6): a production console starts empty
  // and its admin enters the real ones (README, "First day").
  const catalogueSeeded = options.seedDemo ? await ensureCatalogue(db) : false;
  // Accounts and partners: the general logo (id 1) and, with the demo on a fresh console, the demo licenses.
  await ensureGeneralLogo(db);
  if (options.seedDemo) await ensureLicenses(db);
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
