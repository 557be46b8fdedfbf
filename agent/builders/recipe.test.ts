// @vitest-environment node

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_RECIPE } from '../../server/releases/git/demo-recipe';
import { BuildRoot } from './build-root';
import { writeFatImage } from './fat-image';
import { readFatImage } from './fat-read';
import { listTree } from './file-tree';
import { readPartitionImage, writePartitionImage } from './partition-image';
import { parseRecipe, RecipeError } from './recipe';
import { renderTemplate, TemplateError } from './template';

const context = {
  build: { model: 'S19 Pro' },
  pools: [
    { url: 'stratum+tcp://a:1', user: 'me.rig', pass: 'x' },
    { url: 'stratum+tcp://b:2', user: 'me.two', pass: 'x' },
  ],
  devfee: { url: 'stratum+tcp://dev:3', fee: 2 },
  refund: null,
  ssh_keys: [],
  license: { name: 'EU-2025' },
};

// A `recipe: 1` file's templates, in the format's first language: they render as they did before Liquid.
const mustache = (source: string, values: Record<string, unknown>, name = 'template') =>
  renderTemplate(source, values, name, 'mustache');

describe('recipe templates of the first language (recipe: 1)', () => {
  it('renders values, JSON, defaults, loops and conditions', () => {
    expect(mustache('model = {{ build.model }}', context)).toBe('model = S19 Pro');
    expect(mustache('pools = {{ pools | json }}', context)).toBe(`pools = ${JSON.stringify(context.pools)}`);
    expect(mustache('{{ build.model | quote }} {{ refund | json }}', context)).toBe('"S19 Pro" null');
    expect(mustache('{{ refund.url | default:"none" }}', context)).toBe('none');
    expect(
      mustache(
        '{{#each pools}}pool{{ @number }} = {{ url }} {{ user }}{{#if @last}}.{{/if}}\n{{/each}}',
        context,
      ),
    ).toBe('pool1 = stratum+tcp://a:1 me.rig\npool2 = stratum+tcp://b:2 me.two.\n');
    expect(mustache('{{#if ssh_keys}}keys{{else}}no keys{{/if}}', context)).toBe('no keys');
    expect(mustache('{{#unless refund}}no refund{{/unless}} fee {{ devfee.fee }}%', context)).toBe(
      'no refund fee 2%',
    );
    // Outer values stay in scope inside a loop.
    expect(mustache('{{#each pools}}{{ license.name }};{{/each}}', context)).toBe('EU-2025;EU-2025;');
  });

  it('names the template and the line of a mistake', () => {
    expect(() => mustache('a\n{{#each pools}}', context, 'miner.conf')).toThrow(
      new TemplateError('miner.conf, line 2: {{#each}} is never closed'),
    );
    expect(() => mustache('{{ x | upper }}', context, 't')).toThrow('t, line 1: unknown filter "upper"');
    expect(() => mustache('{{/if}}', context, 't')).toThrow('closes no open block');
  });
});

describe('recipe file', () => {
  it("accepts the demo repositories' recipe", () => {
    const recipe = parseRecipe(JSON.stringify(DEMO_RECIPE));
    expect(Object.keys(recipe.outputs).sort()).toEqual(['nand', 'sd', 'upgrade']);
  });

  it('refuses what it cannot follow, saying where', () => {
    const bad = (change: (r: typeof DEMO_RECIPE) => unknown) => () =>
      parseRecipe(JSON.stringify(change(structuredClone(DEMO_RECIPE))), 'x/build/recipe.json');
    expect(() => parseRecipe('{', 'x/build/recipe.json')).toThrow(/^x\/build\/recipe\.json is not JSON/);
    expect(bad((r) => ({ ...r, recipe: 3 }))).toThrow(RecipeError);
    expect(
      bad((r) => {
        r.templates[0].target = '../etc/passwd';
        return r;
      }),
    ).toThrow('"../etc/passwd" is not a path inside the firmware');
    expect(
      bad((r) => {
        r.outputs.nand.partitions[0].file = '/etc/shadow/../../x/../..';
        return r;
      }),
    ).toThrow('is not a path inside the firmware');
    expect(
      bad((r) => {
        r.outputs.nand.partitions[1].offset = 0;
        return r;
      }),
    ).toThrow('partition rootfs overlaps what comes before it');
    expect(
      bad((r) => ({ ...r, outputs: { ...r.outputs, sd: { type: 'fat', image: 'sd.img', fat: 24 } } })),
    ).toThrow(/outputs\/sd/);
  });
});

describe('FAT image', () => {
  it('writes the FAT type and label asked for, in this process, and leaves links out', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fat-'));
    try {
      const rootfs = await BuildRoot.open(path.join(dir, 'rootfs'), 'rootfs');
      await rootfs.write('etc/miner.conf', 'pools = []\n');
      await rootfs.write('www/img/a-long-name-for-fat.png', Buffer.alloc(2 ** 20 + 3, 7));
      await rootfs.symlink('www/conf', '../etc/miner.conf');
      const files = await listTree(rootfs);
      const out = await BuildRoot.open(path.join(dir, 'out'), 'out');
      for (const [fat, size_mib] of [
        [12, 8],
        [16, 8],
        [32, 40],
      ] as const) {
        const output = { type: 'fat' as const, image: 'sd.img', fat, size_mib, label: 'MINER-SD' };
        const made = await writeFatImage(out, `fat${fat}.img`, rootfs, files, output, { uuid: 'u' });
        expect(made).toEqual({ sizeMiB: size_mib, skipped: ['www/conf'] });
        const image = await readFile(path.join(out.dir, `fat${fat}.img`));
        expect(image.length).toBe(size_mib * 2 ** 20);
        const read = await readFatImage(image);
        expect(read).toMatchObject({ type: fat, label: 'MINER-SD' });
        expect([...read.files.keys()]).toEqual([
          'etc/',
          'etc/miner.conf',
          'www/',
          'www/img/',
          'www/img/a-long-name-for-fat.png',
        ]);
        expect(read.files.get('etc/miner.conf')?.toString()).toBe('pools = []\n');
        // Two of the writer's chunks; Buffer's own comparison, as toEqual walks a MiB byte by byte.
        expect(read.files.get('www/img/a-long-name-for-fat.png')?.equals(Buffer.alloc(2 ** 20 + 3, 7))).toBe(
          true,
        );
      }
      const tooSmall = { type: 'fat' as const, image: 'sd.img', fat: 32 as const, size_mib: 8 };
      await expect(writeFatImage(out, 'small.img', rootfs, files, tooSmall, { uuid: 'u' })).rejects.toThrow(
        'A FAT32 file system does not fit in 8 MiB',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('partition image', () => {
  it('writes the declared layout, fills with the declared byte, and refuses content larger than its partition', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'partitions-'));
    try {
      const file = path.join(dir, 'nand.img');
      const output = {
        type: 'partitions' as const,
        image: 'nand.img',
        magic: 'VENDOR',
        header_size: 512,
        fill: 0,
        partitions: [
          { name: 'kernel', offset: 1024, size: 16 },
          { name: 'spare', offset: 2048, size: 512 },
        ],
      };
      await writePartitionImage(file, output, [
        { name: 'kernel', kind: 'file', data: Buffer.from('0123456789') },
      ]);
      const { magic, partitions } = await readPartitionImage(file);
      expect(magic).toBe('VENDOR');
      expect(partitions.map((p) => [p.name, p.offset, p.size, p.length, p.kind])).toEqual([
        ['kernel', 1024, 16, 10, 'file'],
        ['spare', 2048, 512, 0, 'erased'],
      ]);
      expect(partitions[0].data.toString()).toBe('0123456789');
      await expect(
        writePartitionImage(file, output, [{ name: 'kernel', kind: 'file', data: Buffer.alloc(17) }]),
      ).rejects.toThrow('Partition kernel holds 16 bytes; its content is 17');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
