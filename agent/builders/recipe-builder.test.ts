// @vitest-environment node
// The default builder on the demo firmware repositories, which carry a packaging recipe: each install type's
// output opened as a partner's tool would (the upgrade archive, the SD card's FAT file system read back by FatFs,
// the NAND image's partition table), the build's settings found in the firmware's own files.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoRepositories } from '../../server/releases/git/demo-repositories';
import type { AgentApi } from '../api-client';
import type { ClaimedJob, JobSpec } from '../protocol';
import type { SourceCache } from '../source-cache';
import { packTar, readTar } from '../tar';
import type { BuildContext } from './builder';
import { defaultBuilder } from './default-builder';
import { readFatImage } from './fat-read';
import { extractTar, sha256File } from './file-tree';
import { readPartitionImage } from './partition-image';
import { devFeeAndMain } from './test-pools';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBuildKey partner@laptop';
let dir: string;
let repos: Record<string, string>;

const spec = (installType: string, tags = ['firmware-x19', 'web-ui']): JobSpec => ({
  build: { name: 'farm', model: 'S19 Pro', series: 'x19', platform: 'amlogic', install_type: installType },
  release: { id: 1, version: '1.1.0', tags: tags.map((r) => ({ repository_name: r, tag_name: 'v1.1.0' })) },
  pools: devFeeAndMain(1),
  ssh_keys: [{ name: 'laptop', key: KEY }],
  logo: { id: 5, le: { url: '/l.png', type: 'image/png' }, de: { url: '/d.png', type: 'image/png' } },
  license: { id: 3, name: 'EU-2025', region: 'EU' },
  options: { autotune: true },
  // The hash the server stored on the build (contract/config-hash.ts): the manifest carries it as it came.
  config_hash: 'a'.repeat(64),
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recipe-build-'));
  repos = Object.fromEntries((await ensureDemoRepositories(dir, ['x19'])).map((r) => [r.name, r.url]));
  // A release source without a recipe: today's layout, settings under config/.
  await writeFile(
    path.join(dir, 'plain.tar'),
    await packTar([
      { path: 'etc/miner.conf', type: 'file', mode: 0o644, mtime: 0, data: Buffer.from('pools = []\n') },
    ]),
  );
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

async function build(installType: string, uuid: string, tags?: string[]) {
  const workDir = await mkdtemp(path.join(dir, `${installType}-`));
  const lines: string[] = [];
  const sources = {
    ensure: async (_api: unknown, repository: string, tag: string) => {
      if (repository === 'plain') return path.join(dir, 'plain.tar');
      const file = path.join(workDir, `${repository}.tar`);
      execFileSync('git', ['--git-dir', repos[repository], 'archive', '--format=tar', '-o', file, tag]);
      return file;
    },
  } as unknown as SourceCache;
  const api = { jobLogo: async () => ({ bytes: PNG, type: 'image/png' }) } as unknown as AgentApi;
  const context: BuildContext = {
    job: { id: 7, uuid, attempt: 1, spec: spec(installType, tags) } as unknown as ClaimedJob,
    api,
    sources,
    workDir,
    log: (line) => lines.push(line),
    progress: () => undefined,
    signal: new AbortController().signal,
  };
  const result = await defaultBuilder(context);
  expect(await sha256File(result.file)).toBe(result.sha256);
  const tar = path.join(workDir, 'artifact.tar');
  await pipeline(createReadStream(result.file), createGunzip(), createWriteStream(tar));
  const out = path.join(workDir, 'unpacked');
  await extractTar(tar, out);
  const root = path.join(out, uuid);
  const manifest = JSON.parse(await readFile(path.join(root, 'manifest.json'), 'utf8'));
  for (const file of manifest.files) expect(await sha256File(path.join(root, file.path))).toBe(file.sha256);
  return { root, manifest, lines };
}

/** The miner's own configuration: `key = value`, the pool lists as JSON. */
function minerConf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes(' = '))
      .map((line) => [line.slice(0, line.indexOf(' = ')), line.slice(line.indexOf(' = ') + 3)]),
  );
}

function expectSettings(conf: string) {
  const values = minerConf(conf);
  expect(JSON.parse(values.pools)).toEqual([
    { url: 'stratum+tcp://main.example:3333', user: 'me.rig', pass: 'x' },
  ]);
  expect(JSON.parse(values.devfee)).toMatchObject({
    url: 'stratum+tcp://dev.example:3333',
    user: 'vendor.set1',
    fee: 2,
  });
  expect(values.total_fee).toBe('3');
  expect(values.license).toBe('EU-2025');
  expect(values.autotune).toBe('on');
  expect(conf).toMatch(/^# firmware-x19 1\.1\.0: S19 Pro on amlogic/);
}

describe('the default builder with a recipe', () => {
  it('makes an upgrade archive: install.sh and the root file system with the settings rendered', async () => {
    const { root, manifest, lines } = await build('upgrade', 'u-upgrade');
    expect(lines).toContain('Packaging along firmware-x19/build/recipe.json');
    expect((await stat(path.join(root, 'install.sh'))).mode & 0o777).toBe(0o755);
    expect(await readFile(path.join(root, 'install.sh'), 'utf8')).toMatch(/^#!\/bin\/sh\n/);
    expectSettings(await readFile(path.join(root, 'rootfs/etc/miner.conf'), 'utf8'));
    expect(await readFile(path.join(root, 'rootfs/root/.ssh/authorized_keys'), 'utf8')).toBe(`${KEY}\n`);
    expect(await readFile(path.join(root, 'rootfs/www/img/logo-light.png'))).toEqual(PNG);
    expect(await readFile(path.join(root, 'rootfs/www/img/logo-dark.png'))).toEqual(PNG);
    expect(JSON.parse(await readFile(path.join(root, 'rootfs/www/branding.json'), 'utf8'))).toEqual({
      logo_light: '/img/logo-light.png',
      logo_dark: '/img/logo-dark.png',
    });
    expect(await readFile(path.join(root, 'rootfs/www/index.html'), 'utf8')).toContain('Miner web UI 1.1.0');
    // The recipe itself and the templates are not firmware.
    const paths = manifest.files.map((f: { path: string }) => f.path);
    expect(paths).not.toContain('rootfs/build/recipe.json');
    expect(manifest).toMatchObject({
      uuid: 'u-upgrade',
      install_type: 'upgrade',
      config_hash: 'a'.repeat(64),
      // The recipe's own hash of the files it rendered.
      content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  }, 60_000);

  it('makes an SD-card image holding a FAT file system with the settings in the firmware files', async () => {
    const { root, manifest } = await build('sd', 'u-sd');
    const image = path.join(root, 'sdcard.img');
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(['sdcard.img']);
    expect((await stat(image)).size).toBe(16 * 2 ** 20);
    const boot = await readFile(image);
    expect(boot.toString('latin1', 54, 62)).toBe('FAT16   ');
    expect(boot.toString('latin1', 43, 51)).toBe('MINER-SD');
    const fat = await readFatImage(boot);
    expect(fat).toMatchObject({ type: 16, label: 'MINER-SD' });
    expectSettings(fat.files.get('etc/miner.conf')?.toString() ?? '');
    expect(fat.files.get('root/.ssh/authorized_keys')?.toString()).toBe(`${KEY}\n`);
    expect(fat.files.get('www/img/logo-light.png')).toEqual(PNG);
    expect(fat.files.get('www/img/logo-dark.png')).toEqual(PNG);
    expect(manifest.contents.map((f: { path: string }) => f.path)).toContain('etc/miner.conf');
  }, 60_000);

  it("makes the NAND image the recipe lays out, the settings in the config partition's files", async () => {
    const { root, manifest } = await build('nand', 'u-nand');
    const image = path.join(root, 'nand.img');
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(['nand.img']);
    expect((await stat(image)).size).toBe(7168 * 1024);
    const { magic, partitions } = await readPartitionImage(image);
    expect(magic).toBe('MINERNND');
    expect(partitions.map((p) => [p.name, p.offset, p.size, p.kind])).toEqual([
      ['boot', 131072, 131072, 'file'],
      ['rootfs', 262144, 6291456, 'tar'],
      ['config', 6553600, 262144, 'tar'],
      ['data', 6815744, 524288, 'erased'],
    ]);
    expect(partitions[0].data.toString()).toContain('bootargs=');
    const filesOf = async (data: Buffer) => {
      const found = new Map<string, Buffer>();
      for await (const entry of readTar(Readable.from([data]))) found.set(entry.path, entry.data);
      return found;
    };
    const config = await filesOf(partitions[2].data);
    expectSettings(config.get('etc/miner.conf')?.toString() ?? '');
    expect(config.get('root/.ssh/authorized_keys')?.toString()).toBe(`${KEY}\n`);
    const rootfs = await filesOf(partitions[1].data);
    expect(rootfs.get('www/img/logo-light.png')).toEqual(PNG);
    expect(rootfs.has('etc/miner.conf')).toBe(false);
    // Past its content a partition is erased NAND.
    const bytes = await readFile(image);
    expect(bytes[partitions[2].offset + partitions[2].length]).toBe(0xff);
    expect(bytes.subarray(partitions[3].offset, partitions[3].offset + 16)).toEqual(Buffer.alloc(16, 0xff));
  }, 60_000);

  it("falls back to today's layout when no repository of the release has a recipe, and says so", async () => {
    const { manifest, lines } = await build('sd', 'u-plain', ['plain']);
    expect(lines).toContain(
      "No build/recipe.json in the release's sources: packing the sources with the settings under config/",
    );
    const paths = manifest.files.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['config/pools.json', 'config/authorized_keys', 'plain/etc/miner.conf']),
    );
  }, 60_000);

  it('fails clearly when the recipe has no output for the install type', async () => {
    await expect(build('usb', 'u-usb')).rejects.toThrow(
      'The recipe of firmware-x19 declares no output for install type usb',
    );
  }, 60_000);
});
