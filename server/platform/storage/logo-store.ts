import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../../paths';
import type { ObjectStorage } from './object-storage';

/** Where a logo's image is served to anyone (routes/logos/logo-files.ts): its light or dark variant. */
/** An image's public URL: by the set's random public id, never by its sequential id (issue 12). */
export const logoUrl = (row: { public_id: string }, variant: 'le' | 'de') =>
  `/api/logos/${row.public_id}/${variant}`;

/** Files that ship with the console (the general logo); names in the store start with this prefix. */
export const BUILTIN_PREFIX = 'builtin/';
const builtinDir = fromRoot('server', 'platform', 'storage', 'builtin');

const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|svg)$/;
const BUILTIN_NAME = /^builtin\/[a-z0-9-]+\.(png|jpg|svg)$/;

export interface LogoStore {
  /** Writes the bytes under a fresh random name and answers the name. */
  save(bytes: Buffer, ext: string): Promise<string>;
  read(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
}

/** Logo images in the storage as `logos/<random>.<ext>`; built-in ones are read from the console's own files. */
export function createLogoStore(storage: ObjectStorage): LogoStore {
  const key = (name: string) => `logos/${name}`;
  return {
    async save(bytes, ext) {
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      await storage.write(key(name), bytes);
      return name;
    },
    async read(name) {
      if (BUILTIN_NAME.test(name))
        return readFile(path.join(builtinDir, name.slice(BUILTIN_PREFIX.length))).catch(() => undefined);
      return STORED_NAME.test(name) ? storage.readAll(key(name)) : undefined;
    },
    async remove(name) {
      if (STORED_NAME.test(name)) await storage.remove(key(name));
    },
  };
}
