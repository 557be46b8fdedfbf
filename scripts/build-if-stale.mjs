// The e2e project tests the built console: its global set-up (tests/e2e/support/golden-data-dir.ts) runs this,
// which builds only when dist/ or dist-server/ is older than a file it is made from (the build took ~30 s here
// on 2026-11-27, issue 40). Test files are not such files.
// Run `npm run build` to build regardless.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'src',
  'server',
  'agent',
  'contract',
  'locales',
  'scripts',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
const OUTPUTS = ['dist/index.html', 'dist-server/main.mjs'];

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

/** The newest modification time under `entry`, test files left out. */
function newest(entry) {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return /\.test\.[cm]?[jt]sx?$/.test(entry) ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

const built = OUTPUTS.map(mtime);
const oldestOutput = built.includes(undefined) ? 0 : Math.min(...built);
const changed = SOURCES.find((source) => newest(source) > oldestOutput);
if (changed === undefined) {
  console.log('build-if-stale: dist/ and dist-server/ are current, not building');
} else {
  console.log(`build-if-stale: ${oldestOutput ? `${changed} changed since the last build` : 'no build yet'}`);
  // In a shell's environment whoever runs this: under a test runner's NODE_ENV=test Vite bundles React's
  // development build (143 KB on the wire for /login instead of 93, which sign-in-page.test.ts caught).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !name.startsWith('VITEST'),
    ),
  );
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}
