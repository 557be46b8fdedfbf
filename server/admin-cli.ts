// `npm run admin -- --email E [--password P]`: promotes or resets an account from the shell, for the operator
// who lost every admin session. It opens the database the console uses (DATABASE_URL, or the embedded one in
// DATA_DIR, which must not be open in a running console at the same time).
import { parseArgs } from 'node:util';
import { recoverAdmin } from './accounts/admin-recovery';
import { loadConfig } from './config';
import { openDb } from './platform/db/client';
import { withMigratedDb } from './platform/db/migrate';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.email) throw new Error('usage: npm run admin -- --email E [--password P]');
  const config = loadConfig();
  const handle = await openDb(config);
  try {
    const result = await withMigratedDb(handle, (db) =>
      recoverAdmin(db, values.email as string, values.password),
    );
    console.log(
      `${result.created ? 'Created' : 'Restored'} admin ${result.email}; password: ${result.password}` +
        ' (every earlier session of this account has ended)',
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
