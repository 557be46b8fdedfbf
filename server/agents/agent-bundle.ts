import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromRoot } from '../paths';

/**
 * The embedded agent's bundled script (scripts/agent-bundle.mjs). The compiled console (`npm start`) has it
 * beside itself in dist-server/agent/, built with it. A console run from the sources (`npm run dev:api`,
 * tests) bundles it now with esbuild (a second or less), into node_modules/.cache under the hash of its
 * contents, so the agent runs the code of this checkout; so does a compiled console whose bundle is missing,
 * if esbuild is installed. Never the agent in the console's process instead: that would quietly give a build
 * the console's files, environment and signing key (issue 36).
 */
export async function agentScript(): Promise<string> {
  const built = fromRoot('dist-server/agent/agent.mjs');
  if (import.meta.url.endsWith('.mjs') && existsSync(built)) return built;
  let bundleAgent: typeof import('../../scripts/agent-bundle.mjs').bundleAgent;
  try {
    // A path the server's own bundle leaves alone: esbuild is a development dependency.
    ({ bundleAgent } = await import(pathToFileURL(fromRoot('scripts/agent-bundle.mjs')).href));
  } catch (error) {
    throw new Error(
      `The embedded build agent's code (${built}) is missing and cannot be built here: run \`npm run build\`, ` +
        'or set EMBEDDED_AGENT=0 and run agents of your own',
      { cause: error },
    );
  }
  const files = await bundleAgent();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.contents);
  const dir = fromRoot('node_modules/.cache/firmware-console', `agent-${hash.digest('hex').slice(0, 16)}`);
  const script = path.join(dir, 'agent.mjs');
  if (existsSync(script)) return script;
  // Written aside and renamed: another console or test starting at the same time may write the same one.
  const aside = `${dir}.${process.pid}-${Date.now()}`;
  for (const file of files) {
    await mkdir(path.dirname(path.join(aside, file.name)), { recursive: true });
    await writeFile(path.join(aside, file.name), file.contents);
  }
  await rename(aside, dir).catch(() => rm(aside, { recursive: true, force: true }));
  await pruneOldBundles(path.dirname(dir));
  return script;
}

/** A week: an older bundle is no console's that still runs from the sources. */
const KEEP_MS = 7 * 24 * 3600_000;

/** Removes the bundles of earlier code, each a few megabytes, once a week old. */
async function pruneOldBundles(cache: string): Promise<void> {
  for (const name of await readdir(cache)) {
    if (!name.startsWith('agent-')) continue;
    const dir = path.join(cache, name);
    const { mtimeMs } = await stat(dir).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > KEEP_MS) await rm(dir, { recursive: true, force: true });
  }
}
