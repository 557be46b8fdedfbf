import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's folder, which the structural tests read. */
export const SERVER_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The server's own TypeScript sources below `dir` (relative to server/), tests left out, as paths relative to
 * server/ with their text: for the tests that check the tree's structure (who imports or writes what).
 */
export function serverSources(dir = '.'): { file: string; text: string }[] {
  const root = path.join(SERVER_DIR, dir);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(root, name))
    .map((file) => ({ file: path.relative(SERVER_DIR, file), text: readFileSync(file, 'utf8') }));
}
