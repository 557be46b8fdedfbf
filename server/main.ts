// The process entry. It imports node's own modules only, so that the slow parts of a start that need none of
// the server's packages — compiling PGlite's WebAssembly, filling a fresh data directory, building the demo's
// git repositories, hashing the first accounts' passwords — run on the other core and V8's and libuv's threads
// while ./start and its packages load.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startPassword } from './accounts/passwords';
import { loadConfig } from './config';
import { pgliteDir, startPglite } from './platform/db/pglite-files';
import { prepareDemoRepositories } from './releases/git/demo-repositories';

async function main(): Promise<void> {
  const config = loadConfig();
  const dir = pgliteDir(config.dataDir);
  // A fresh embedded database has no accounts: the seed will create the admin and the demo partner.
  const fresh = !config.databaseUrl && !existsSync(join(dir, 'PG_VERSION'));
  const started = fresh
    ? {
        admin: startPassword(config.adminPassword),
        demo: config.seedDemo ? startPassword(config.demoPassword) : undefined,
      }
    : undefined;
  const pglite = config.databaseUrl ? undefined : startPglite(dir);
  const repositories = prepareDemoRepositories(config);
  const { start } = await import('./start');
  await start(config, { pglite, repositories, started });
}

main().catch((error: unknown) => {
  // A StartRefusal (start-refusal.ts) is a setting for the operator to fix, and a newer schema (issue 43) an
  // upgrade to finish: their message alone says so, not a stack.
  if (error instanceof Error && error.name === 'StartRefusal')
    console.error(`Not starting: ${error.message}`);
  else if (error instanceof Error && error.name === 'SchemaTooNewError') console.error(error.message);
  else console.error(error);
  process.exit(1);
});
