import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../../paths';

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

/** Logo images in `<dataDir>/logos/<random>.<ext>`; built-in ones are read from the console's own files. */
export function createLogoStore(dataDir: string): LogoStore {
  const dir = path.join(dataDir, 'logos');
  const locate = (name: string): string | undefined => {
    if (BUILTIN_NAME.test(name)) return path.join(builtinDir, name.slice(BUILTIN_PREFIX.length));
    return STORED_NAME.test(name) ? path.join(dir, name) : undefined;
  };
  return {
    async save(bytes, ext) {
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
      return name;
    },
    async read(name) {
      const file = locate(name);
      return file ? readFile(file).catch(() => undefined) : undefined;
    },
    async remove(name) {
      if (STORED_NAME.test(name)) await rm(path.join(dir, name), { force: true });
    },
  };
}
