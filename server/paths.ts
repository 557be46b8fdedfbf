import { fileURLToPath } from 'node:url';

// The project's folders, from this module's place one level below the root. The compiled server
// (dist-server/main.mjs, see scripts/build-server) sits one level below the root too, so the same paths hold.
export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A path below the project root. */
export const fromRoot = (...parts: string[]): string => [ROOT_DIR.replace(/\/$/, ''), ...parts].join('/');
