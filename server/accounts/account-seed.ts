// The accounts a console starts with: its first admin and, with the demo, a partner with custom fees.
import type { Db } from '../platform/db/client';
import { adminExists, findAccountByEmail, insertAccount, insertPartnerFee } from './accounts-repository';
import { type StartPassword, startPassword } from './passwords';

export const DEMO_PARTNER_EMAIL = 'partner@localhost';

export interface CreatedCredentials {
  email: string;
  /** Present only when we generated it, so it can be printed once. */
  generatedPassword?: string;
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
