import { createHash } from 'node:crypto';
import * as FatFs from 'js-fatfs';
import type { BuildRoot } from './build-root';
import { check, type Disk, FatError, fatFs, fatType, readSector, SECTOR, writeSector } from './fat-disk';
import type { TreeFile } from './file-tree';
import type { FatOutputSpec } from './recipe';

/**
 * An SD-card image holding a real FAT file system (no partition table, as `mkfs.fat -C` made it), written by
 * FatFs in this process (fat-disk.ts): formatted, labelled, then the root file system's files copied in, read
 * through BuildRoot like every other file of the build. FAT has no symbolic links: the tree's links are left
 * out and answered, for the build's log.
 */

/** The size the files need with room for clusters and the tables: a quarter over, at least 4 MiB. */
export function fatSizeMiB(files: TreeFile[]): number {
  const cluster = 4096;
  const bytes = files.reduce((sum, f) => sum + Math.ceil(Math.max(1, f.size) / cluster) * cluster, 0);
  return Math.max(4, Math.ceil((bytes * 1.25) / 2 ** 20) + 1);
}

/** FatFs's own cluster size for the volume first, then each size FAT allows, smallest first. */
const CLUSTER_SIZES = [0, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];
const CHUNK = 1 << 20;

/** Writes `image` in `out`: FAT of the files of `rootfs`; answers its size and the links left out. */
export async function writeFatImage(
  out: BuildRoot,
  image: string,
  rootfs: BuildRoot,
  files: TreeFile[],
  output: FatOutputSpec,
  options: { uuid: string; signal?: AbortSignal },
): Promise<{ sizeMiB: number; skipped: string[] }> {
  const sizeMiB = output.size_mib ?? fatSizeMiB(files);
  const handle = await out.openWrite(image, 0o644, true);
  try {
    await handle.truncate(sizeMiB * 2 ** 20);
    const disk = { fd: handle.fd, sectors: (sizeMiB * 2 ** 20) / SECTOR };
    const ff = await fatFs(disk);
    format(ff, disk, output, sizeMiB);
    // The volume id from the build's uuid, so the same build gives the same boot sector.
    label(
      disk,
      output.label ?? 'FIRMWARE',
      createHash('sha256').update(options.uuid).digest().readUInt32LE(0),
    );
    const volume = ff.malloc(FatFs.sizeof_FATFS);
    check(ff.f_mount(volume, '', 1), 'Mounting the new FAT file system');
    const skipped: string[] = [];
    const folders = new Set<string>();
    for (const file of files) {
      options.signal?.throwIfAborted();
      if (file.linkname) {
        skipped.push(file.path);
        continue;
      }
      const parts = file.path.split('/');
      for (let i = 1; i < parts.length; i++) {
        const folder = parts.slice(0, i).join('/');
        if (folders.has(folder)) continue;
        const made = ff.f_mkdir(`/${folder}`);
        if (made !== FatFs.FR_EXIST) check(made, `Making ${folder} in the FAT image`);
        folders.add(folder);
      }
      await copyIn(ff, rootfs, file.path);
    }
    check(ff.f_unmount(''), 'Closing the FAT file system');
    return { sizeMiB, skipped };
  } finally {
    await handle.close();
  }
}

/**
 * Formats the disk as the recipe's FAT type: FatFs picks 12 or 16 by the count of clusters, so each cluster
 * size is tried until one gives the type asked for (FatFs refuses those that do not fit at all).
 */
function format(ff: FatFs.FatFs, disk: Disk, output: FatOutputSpec, sizeMiB: number): void {
  const fmt =
    FatFs.FM_SFD |
    (output.fat === 32 ? FatFs.FM_FAT32 : output.fat ? FatFs.FM_FAT : FatFs.FM_FAT | FatFs.FM_FAT32);
  const work = ff.malloc(FatFs.FF_MAX_SS);
  try {
    for (const au_size of CLUSTER_SIZES) {
      const params = { fmt, n_fat: 2, align: 0, n_root: 512, au_size };
      if (ff.f_mkfs('', params, work, FatFs.FF_MAX_SS) !== FatFs.FR_OK) continue;
      if (!output.fat || fatType(readSector(disk, 0)) === output.fat) return;
    }
  } finally {
    ff.free(work);
  }
  throw new FatError(`A FAT${output.fat ?? ''} file system does not fit in ${sizeMiB} MiB`);
}

/**
 * What mkfs.fat wrote and FatFs (built without its label functions) does not: the volume label and id in the
 * boot sector (and its FAT32 backup), the type's name, and the label's entry at the top of the root folder,
 * where most readers look for it.
 */
function label(disk: Disk, name: string, volumeId: number): void {
  const boot = readSector(disk, 0);
  const type = fatType(boot);
  // The extended boot record sits after the FAT32 fields on FAT32.
  const at = type === 32 ? 64 : 36;
  const padded = Buffer.from(name.padEnd(11, ' ').slice(0, 11), 'latin1');
  boot.writeUInt32LE(volumeId, at + 3);
  padded.copy(boot, at + 7);
  boot.write(`FAT${type}`.padEnd(8, ' '), at + 18, 'latin1');
  writeSector(disk, 0, boot);
  if (type === 32) writeSector(disk, boot.readUInt16LE(50), boot);
  const perCluster = boot[13];
  const fatSize = boot.readUInt16LE(22) || boot.readUInt32LE(36);
  const firstData = boot.readUInt16LE(14) + boot[16] * fatSize;
  const rootSector = type === 32 ? firstData + (boot.readUInt32LE(44) - 2) * perCluster : firstData;
  const root = readSector(disk, rootSector);
  root.fill(0, 0, 32);
  padded.copy(root, 0);
  root[11] = 0x08; // ATTR_VOLUME_ID
  writeSector(disk, rootSector, root);
}

/** Streams one file of `rootfs` into the mounted file system. */
async function copyIn(ff: FatFs.FatFs, rootfs: BuildRoot, rel: string): Promise<void> {
  const source = await rootfs.openRead(rel);
  const fil = ff.malloc(FatFs.sizeof_FIL);
  const buffer = ff.malloc(CHUNK);
  const written = ff.malloc(4);
  try {
    check(
      ff.f_open(fil, `/${rel}`, FatFs.FA_WRITE | FatFs.FA_CREATE_ALWAYS),
      `Writing ${rel} in the FAT image`,
    );
    const chunk = Buffer.alloc(CHUNK);
    for (;;) {
      const { bytesRead } = await source.read(chunk, 0, CHUNK);
      if (!bytesRead) break;
      // The heap may have grown since the last call: take HEAPU8 afresh.
      ff.HEAPU8.set(chunk.subarray(0, bytesRead), buffer);
      check(ff.f_write(fil, buffer, bytesRead, written), `Writing ${rel} in the FAT image`);
      if (ff.getValue(written, 'i32') !== bytesRead) throw new FatError(`The FAT image is full at ${rel}`);
    }
    check(ff.f_close(fil), `Writing ${rel} in the FAT image`);
  } finally {
    ff.free(written);
    ff.free(buffer);
    ff.free(fil);
    await source.close();
  }
}
