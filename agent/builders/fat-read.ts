import * as FatFs from 'js-fatfs';
import { check, fatFs, fatType } from './fat-disk';

export interface FatContents {
  /** The type readers tell by the count of clusters. */
  type: 12 | 16 | 32;
  /** The boot sector's volume label, trailing spaces cut. */
  label: string;
  /** Every file by its path (`etc/miner.conf`), and every folder with an empty buffer and a trailing `/`. */
  files: Map<string, Buffer>;
}

/**
 * Reads a whole FAT image as a partner's tool would, for the tests: with FatFs, so they need no apt package
 * (mtools). What the writer makes was also checked by hand with fsck.fat, mdir and mtype (issue 36).
 */
export async function readFatImage(image: Buffer): Promise<FatContents> {
  const buffer = new Uint8Array(image);
  const ff = await fatFs({ buffer });
  const type = fatType(image);
  const at = type === 32 ? 71 : 43;
  const volume = ff.malloc(FatFs.sizeof_FATFS);
  check(ff.f_mount(volume, '', 1), 'Mounting the FAT image');
  const files = new Map<string, Buffer>();
  const dir = ff.malloc(FatFs.sizeof_DIR);
  const info = ff.malloc(FatFs.sizeof_FILINFO);
  const walk = (folder: string) => {
    const names: [string, boolean][] = [];
    check(ff.f_opendir(dir, `/${folder}`), `Opening /${folder}`);
    for (;;) {
      check(ff.f_readdir(dir, info), `Reading /${folder}`);
      const name = ff.FILINFO_fname(info);
      if (!name) break;
      names.push([name, (ff.FILINFO_fattrib(info) & FatFs.AM_DIR) !== 0]);
    }
    check(ff.f_closedir(dir), `Closing /${folder}`);
    for (const [name, isFolder] of names) {
      const rel = folder ? `${folder}/${name}` : name;
      if (isFolder) {
        files.set(`${rel}/`, Buffer.alloc(0));
        walk(rel);
      } else files.set(rel, readOne(ff, rel));
    }
  };
  walk('');
  return { type, label: image.toString('latin1', at, at + 11).trimEnd(), files };
}

function readOne(ff: FatFs.FatFs, rel: string): Buffer {
  const fil = ff.malloc(FatFs.sizeof_FIL);
  check(ff.f_open(fil, `/${rel}`, FatFs.FA_READ), `Opening /${rel}`);
  const size = ff.f_size(fil);
  const buffer = ff.malloc(Math.max(1, size));
  const read = ff.malloc(4);
  check(ff.f_read(fil, buffer, size, read), `Reading /${rel}`);
  const data = Buffer.from(ff.HEAPU8.slice(buffer, buffer + ff.getValue(read, 'i32')));
  check(ff.f_close(fil), `Closing /${rel}`);
  ff.free(read);
  ff.free(buffer);
  ff.free(fil);
  return data;
}
