// `npm run admin -- --email E [--password P]`: promotes or resets an account from the shell, for the operator
// who lost every admin session. `npm run admin -- --rotate-signing-key`: a new key signs attestations from now
// on, for the operator who fears the old one leaked (README, "Key rotation"). Either opens the database the
// console uses (DATABASE_URL, or the embedded one in DATA_DIR, which must not be open in a running console at
// the same time). `npm run admin -- --rotate-jwt-secret`: JWT_SECRET (or, unset, a new generated secret)
// becomes the one every instance must sign tokens with (server/accounts/jwt-secret.ts); every session ends.
// `npm run admin -- --attest-existing`: signs the artifacts of builds finished before attestations existed,
// marked as attested at upgrade (issue 43; README, "Upgrading"). `npm run admin -- --rebuild-dashboard`: counts
// the staff dashboards' rollup anew from the builds, their runs and the license issues (issue 42; those tables'
// triggers keep it, so only after a restore of them without the triggers, or to check).
import { parseArgs } from 'node:util';
import { recoverAdmin } from './accounts/admin-recovery';
import { rotateJwtSecret } from './accounts/jwt-secret';
import { loadConfig } from './config';
import { rebuildDashboardRollup } from './dashboard/dashboard-repository';
import { openDb } from './platform/db/client';
import { withMigratedDb } from './platform/db/migrate';
import { attestExisting } from './signing/attest-existing';
import { rotateSigningKeyFromShell } from './signing/shell-rotation';

const USAGE =
  'usage: npm run admin -- --email E [--password P]\n       npm run admin -- --rotate-signing-key\n' +
  '       npm run admin -- --rotate-jwt-secret\n       npm run admin -- --attest-existing\n' +
  '       npm run admin -- --rebuild-dashboard';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'rotate-signing-key': { type: 'boolean' },
      'rotate-jwt-secret': { type: 'boolean' },
      'attest-existing': { type: 'boolean' },
      'rebuild-dashboard': { type: 'boolean' },
    },
  });
  const rotate = values['rotate-signing-key'] === true;
  const rotateJwt = values['rotate-jwt-secret'] === true;
  const attest = values['attest-existing'] === true;
  const rebuild = values['rebuild-dashboard'] === true;
  if (!values.email && !rotate && !rotateJwt && !attest && !rebuild) throw new Error(USAGE);
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
      if (rotateJwt) {
        const { was, now, generated } = await rotateJwtSecret(db, config.jwtSecret);
        console.log(
          `Token secret changed: fingerprint ${was ?? '(none)'} → ${now} (${generated ? 'generated and kept in the database' : 'JWT_SECRET'}); restart every instance${generated ? ' with JWT_SECRET unset' : ' with this JWT_SECRET'}: every session ends`,
        );
      }
      if (attest) {
        const { attested, skipped } = await attestExisting(db, config);
        for (const uuid of attested) console.log(`Attested build ${uuid} (marked as attested at upgrade)`);
        for (const { uuid, reason } of skipped) console.log(`Not attested: build ${uuid}: ${reason}`);
        console.log(
          `${attested.length} build(s) attested at upgrade, ${skipped.length} left without an attestation`,
        );
      }
      if (rebuild) {
        const rows = await rebuildDashboardRollup(db);
        console.log(`Dashboard rollup rebuilt from the builds: ${rows} row(s)`);
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
