import { readSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as FatFs from 'js-fatfs';

/**
 * FatFs (ChaN's FAT file system module, compiled to WebAssembly by the npm package js-fatfs) over a disk
 * image: in this process, no child (the agent used to run dosfstools' mkfs.fat and mtools' mcopy, apt
 * packages a fresh machine lacks and children a sandbox must allow, issue 36). FatFs asks for sectors through
 * the DiskIO callbacks below, synchronously.
 */
export const SECTOR = 512;

export class FatError extends Error {}

const RESULTS = [
  'ok',
  'disk error',
  'internal error',
  'not ready',
  'no such file',
  'no such folder',
  'a name FAT cannot hold',
  'denied (the image is full?)',
  'already there',
  'invalid object',
  'write protected',
  'invalid drive',
  'no work area',
  'no FAT file system',
  'the file system does not fit these parameters',
  'timeout',
  'locked',
  'out of memory',
  'too many open files',
  'invalid parameter',
];

/** Throws what FatFs answered, saying what was being done. */
export function check(result: number, doing: string): void {
  if (result !== FatFs.FR_OK) throw new FatError(`${doing}: ${RESULTS[result] ?? `FatFs error ${result}`}`);
}

/** Where the bytes are: an open image file (by its descriptor) or a buffer. */
export type Disk = { fd: number; sectors: number } | { buffer: Uint8Array };

function diskIO(disk: Disk): FatFs.DiskIO {
  const sectors = 'fd' in disk ? disk.sectors : disk.buffer.byteLength / SECTOR;
  return {
    initialize: () => 0,
    status: () => 0,
    read(ff, _drive, buff, sector, count) {
      const length = count * SECTOR;
      if ('fd' in disk) readSync(disk.fd, ff.HEAPU8, buff, length, sector * SECTOR);
      else ff.HEAPU8.set(disk.buffer.subarray(sector * SECTOR, sector * SECTOR + length), buff);
      return FatFs.RES_OK;
    },
    write(ff, _drive, buff, sector, count) {
      const length = count * SECTOR;
      if ('fd' in disk) writeSync(disk.fd, ff.HEAPU8, buff, length, sector * SECTOR);
      else disk.buffer.set(ff.HEAPU8.subarray(buff, buff + length), sector * SECTOR);
      return FatFs.RES_OK;
    },
    ioctl(ff, _drive, command, buff) {
      if (command === FatFs.CTRL_SYNC) return FatFs.RES_OK;
      if (command === FatFs.GET_SECTOR_COUNT) ff.setValue(buff, sectors, 'i32');
      else if (command === FatFs.GET_SECTOR_SIZE) ff.setValue(buff, SECTOR, 'i16');
      else if (command === FatFs.GET_BLOCK_SIZE) ff.setValue(buff, 1, 'i32');
      else return FatFs.RES_PARERR;
      return FatFs.RES_OK;
    },
  };
}

let wasm: Promise<Buffer> | undefined;

/**
 * A FatFs instance on `disk`. Its WebAssembly is handed over as bytes, found through node's resolution: the
 * package would look beside its own module, which is not where a bundle (scripts/build-server.mjs) puts it.
 */
export async function fatFs(disk: Disk): Promise<FatFs.FatFs> {
  wasm ??= readFile(createRequire(import.meta.url).resolve('js-fatfs/dist/fatfs.wasm'));
  const options = { diskio: diskIO(disk), codepage: 437, wasmBinary: await wasm };
  return FatFs.create(options as FatFs.FatFsOptions);
}

/** The FAT type as readers tell it, by the count of clusters (Microsoft's FAT specification). */
export function fatType(boot: Buffer): 12 | 16 | 32 {
  const perSector = boot.readUInt16LE(11);
  const perCluster = boot[13];
  const reserved = boot.readUInt16LE(14);
  const fats = boot[16];
  const rootEntries = boot.readUInt16LE(17);
  const total = boot.readUInt16LE(19) || boot.readUInt32LE(32);
  const fatSize = boot.readUInt16LE(22) || boot.readUInt32LE(36);
  const rootSectors = Math.ceil((rootEntries * 32) / perSector);
  const clusters = Math.floor((total - reserved - fats * fatSize - rootSectors) / perCluster);
  return clusters < 4085 ? 12 : clusters < 65525 ? 16 : 32;
}

export function readSector(disk: Disk, sector: number): Buffer {
  if ('buffer' in disk) return Buffer.from(disk.buffer.subarray(sector * SECTOR, (sector + 1) * SECTOR));
  const out = Buffer.alloc(SECTOR);
  readSync(disk.fd, out, 0, SECTOR, sector * SECTOR);
  return out;
}

export function writeSector(disk: Disk, sector: number, data: Buffer): void {
  if ('buffer' in disk) disk.buffer.set(data, sector * SECTOR);
  else writeSync(disk.fd, data, 0, SECTOR, sector * SECTOR);
}
