// @vitest-environment node

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_RECIPE } from '../../server/releases/git/demo-recipe';
import { MissingToolError, requireFatTools } from './fat-image';
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

describe('recipe templates', () => {
  it('renders values, JSON, defaults, loops and conditions', () => {
    expect(renderTemplate('model = {{ build.model }}', context)).toBe('model = S19 Pro');
    expect(renderTemplate('pools = {{ pools | json }}', context)).toBe(
      `pools = ${JSON.stringify(context.pools)}`,
    );
    expect(renderTemplate('{{ build.model | quote }} {{ refund | json }}', context)).toBe('"S19 Pro" null');
    expect(renderTemplate('{{ refund.url | default:"none" }}', context)).toBe('none');
    expect(
      renderTemplate(
        '{{#each pools}}pool{{ @number }} = {{ url }} {{ user }}{{#if @last}}.{{/if}}\n{{/each}}',
        context,
      ),
    ).toBe('pool1 = stratum+tcp://a:1 me.rig\npool2 = stratum+tcp://b:2 me.two.\n');
    expect(renderTemplate('{{#if ssh_keys}}keys{{else}}no keys{{/if}}', context)).toBe('no keys');
    expect(renderTemplate('{{#unless refund}}no refund{{/unless}} fee {{ devfee.fee }}%', context)).toBe(
      'no refund fee 2%',
    );
    // Outer values stay in scope inside a loop.
    expect(renderTemplate('{{#each pools}}{{ license.name }};{{/each}}', context)).toBe('EU-2025;EU-2025;');
  });

  it('names the template and the line of a mistake', () => {
    expect(() => renderTemplate('a\n{{#each pools}}', context, 'miner.conf')).toThrow(
      new TemplateError('miner.conf, line 2: {{#each}} is never closed'),
    );
    expect(() => renderTemplate('{{ x | upper }}', context, 't')).toThrow(
      't, line 1: unknown filter "upper"',
    );
    expect(() => renderTemplate('{{/if}}', context, 't')).toThrow('closes no open block');
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
    expect(bad((r) => ({ ...r, recipe: 2 }))).toThrow(RecipeError);
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

describe('FAT tools', () => {
  it('says which tools an SD-card build needs when the agent lacks them', () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => requireFatTools()).toThrow(MissingToolError);
      expect(() => requireFatTools()).toThrow(
        /needs (mkfs\.fat and )?mcopy on this agent: install dosfstools and mtools/,
      );
    } finally {
      process.env.PATH = path;
    }
  });
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
