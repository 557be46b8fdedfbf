import { createHash } from 'node:crypto';
import { type FileHandle, open, readFile } from 'node:fs/promises';
import type { PartitionsOutputSpec } from './recipe';

/**
 * A NAND image of named partitions at fixed offsets, as a recipe's `partitions` output declares it
 * (little-endian; the format is described in the README):
 *
 *   0   magic, 8 bytes of ASCII, NUL-padded
 *   8   u32 table version (1)
 *   12  u32 partition count
 *   16  one 80-byte entry per partition, in the recipe's order: name (32 bytes, NUL-padded), u32 offset,
 *       u32 size, u32 length of the content, u32 kind (0 erased, 1 raw file, 2 tar), sha256 of the content
 *       (32 bytes; zeros when erased)
 *
 * The rest of the header, each partition past its content and any gap hold the fill byte (0xFF, erased
 * NAND, unless the recipe says otherwise).
 */
export const PARTITION_KINDS = ['erased', 'file', 'tar'] as const;
export type PartitionKind = (typeof PARTITION_KINDS)[number];

export interface PartitionContent {
  name: string;
  kind: PartitionKind;
  data: Buffer;
}

const ENTRY = 80;
const TABLE = 16;

export class PartitionImageError extends Error {}

/** Writes the image to `file`: a path, or a handle the caller opened (and closes), as BuildRoot's. */
export async function writePartitionImage(
  file: string | FileHandle,
  output: PartitionsOutputSpec,
  contents: PartitionContent[],
): Promise<{ size: number }> {
  const fill = output.fill ?? 0xff;
  const headerSize = output.header_size ?? 4096;
  const header = Buffer.alloc(headerSize, fill);
  header.fill(0, 0, TABLE + ENTRY * output.partitions.length);
  header.write(output.magic, 0, 8, 'latin1');
  header.writeUInt32LE(1, 8);
  header.writeUInt32LE(output.partitions.length, 12);
  const byName = new Map(contents.map((c) => [c.name, c]));
  output.partitions.forEach((part, i) => {
    const content = byName.get(part.name) ?? {
      name: part.name,
      kind: 'erased' as const,
      data: Buffer.alloc(0),
    };
    if (content.data.length > part.size)
      throw new PartitionImageError(
        `Partition ${part.name} holds ${part.size} bytes; its content is ${content.data.length}`,
      );
    const at = TABLE + ENTRY * i;
    header.write(part.name, at, 32, 'utf8');
    header.writeUInt32LE(part.offset, at + 32);
    header.writeUInt32LE(part.size, at + 36);
    header.writeUInt32LE(content.data.length, at + 40);
    header.writeUInt32LE(PARTITION_KINDS.indexOf(content.kind), at + 44);
    if (content.kind !== 'erased')
      createHash('sha256')
        .update(content.data)
        .digest()
        .copy(header, at + 48);
  });
  const total = Math.max(headerSize, ...output.partitions.map((p) => p.offset + p.size));
  const handle = typeof file === 'string' ? await open(file, 'w') : file;
  try {
    // Filled first, then each piece at its offset: the gaps and padding hold the fill byte.
    const chunk = Buffer.alloc(1 << 20, fill);
    for (let at = 0; at < total; at += chunk.length)
      await handle.write(chunk, 0, Math.min(chunk.length, total - at), at);
    await handle.write(header, 0, header.length, 0);
    for (const part of output.partitions) {
      const content = byName.get(part.name);
      if (content?.data.length) await handle.write(content.data, 0, content.data.length, part.offset);
    }
  } finally {
    if (typeof file === 'string') await handle.close();
  }
  return { size: total };
}

export interface PartitionEntry {
  name: string;
  offset: number;
  size: number;
  length: number;
  kind: PartitionKind;
  sha256: string;
  data: Buffer;
}

/** Reads an image written above: its magic and each partition's content, checked against its sha256. */
export async function readPartitionImage(
  file: string,
): Promise<{ magic: string; partitions: PartitionEntry[] }> {
  return parsePartitionImage(await readFile(file));
}

export function parsePartitionImage(image: Buffer): { magic: string; partitions: PartitionEntry[] } {
  if (image.length < TABLE || image.readUInt32LE(8) !== 1)
    throw new PartitionImageError('Not a partition image of table version 1');
  const magic = image.toString('latin1', 0, 8).replace(/\0+$/, '');
  const count = image.readUInt32LE(12);
  const partitions: PartitionEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = TABLE + ENTRY * i;
    const offset = image.readUInt32LE(at + 32);
    const length = image.readUInt32LE(at + 40);
    const data = image.subarray(offset, offset + length);
    const sha256 = image.toString('hex', at + 48, at + 80);
    const kind = PARTITION_KINDS[image.readUInt32LE(at + 44)] ?? 'erased';
    if (kind !== 'erased' && createHash('sha256').update(data).digest('hex') !== sha256)
      throw new PartitionImageError(`Partition ${i} does not match its sha256`);
    partitions.push({
      name: image.toString('utf8', at, at + 32).replace(/\0+$/, ''),
      offset,
      size: image.readUInt32LE(at + 36),
      length,
      kind,
      sha256,
      data,
    });
  }
  return { magic, partitions };
}
