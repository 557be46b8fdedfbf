// `npm run admin -- --email E [--password P]`: promotes or resets an account from the shell, for the operator
// who lost every admin session. `npm run admin -- --rotate-signing-key`: a new key signs attestations from now
// on, for the operator who fears the old one leaked (README, "Key rotation"). Either opens the database the
// console uses (DATABASE_URL, or the embedded one in DATA_DIR, which must not be open in a running console at
// the same time).
import { parseArgs } from 'node:util';
import { recoverAdmin } from './accounts/admin-recovery';
import { loadConfig } from './config';
import { openDb } from './platform/db/client';
import { withMigratedDb } from './platform/db/migrate';
import { rotateSigningKeyFromShell } from './signing/shell-rotation';

const USAGE =
  'usage: npm run admin -- --email E [--password P]\n       npm run admin -- --rotate-signing-key';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'rotate-signing-key': { type: 'boolean' },
    },
  });
  const rotate = values['rotate-signing-key'] === true;
  if (!values.email && !rotate) throw new Error(USAGE);
  const config = loadConfig();
  const handle = await openDb(config);
  try {
    await withMigratedDb(handle, async (db) => {
      if (rotate) {
        const { was, now } = await rotateSigningKeyFromShell(db, config.signingKey);
        console.log(
          `Signing key rotated: ${was} → ${now} (attestations signed before stay verifiable with ${was})`,
        );
      }
      if (values.email) {
        const result = await recoverAdmin(db, values.email, values.password);
        console.log(
          `${result.created ? 'Created' : 'Restored'} admin ${result.email}; password: ${result.password}` +
            ' (every earlier session of this account has ended)',
        );
      }
    });
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
