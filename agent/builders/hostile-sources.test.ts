// @vitest-environment node
// A release's sources are input, not code we trust (issue 36): a repository made here to break out of the
// build's folder — links, a chain of links each harmless on its own that together reach `/`, a hard link, an
// absolute path, `..`, a fifo, a device, and a recipe whose paths go through the chain — fails the build
// naming what it refused, and nothing outside the build's folder is read into the firmware or written.
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentApi } from '../api-client';
import type { ClaimedJob, JobSpec } from '../protocol';
import type { SourceCache } from '../source-cache';
import { packTar, type TarEntry } from '../tar';
import { BuildRoot } from './build-root';
import type { BuildContext } from './builder';
import { defaultBuilder } from './default-builder';
import { devFeeAndMain } from './test-pools';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
let base: string;
let secretFile: string;
let secret: string;
let canary: string;
let runs = 0;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'hostile-'));
  secret = `TOP-SECRET-${randomBytes(8).toString('hex')}`;
  secretFile = path.join(base, 'secret.txt');
  await writeFile(secretFile, `${secret}\n`);
  canary = path.join(base, 'canary');
});

afterAll(() => rm(base, { recursive: true, force: true }));

const file = (p: string, text: string, mode = 0o644): TarEntry => ({
  path: p,
  type: 'file',
  mode,
  mtime: 0,
  data: Buffer.from(text),
});
const link = (p: string, linkname: string, type: TarEntry['type'] = 'symlink'): TarEntry => ({
  path: p,
  type,
  mode: 0o777,
  mtime: 0,
  data: Buffer.alloc(0),
  linkname,
});
const special = (p: string, type: TarEntry['type']): TarEntry => ({
  path: p,
  type,
  mode: 0o644,
  mtime: 0,
  data: Buffer.alloc(0),
});

/** Absolute `p` seen from `/`: what a path through a link to `/` names. */
const fromRoot = (p: string) => p.replace(/^\/+/, '');

/**
 * `l -> .` and `r -> l/l/…/../..`: each target reads as inside the repository when normalised as text
 * (`r`'s is `.`), but the file system resolves every `l` to the repository first, so `r` is `/`.
 */
const CHAIN: TarEntry[] = [link('l', '.'), link('r', `${'l/'.repeat(20)}${'../'.repeat(20)}`.slice(0, -1))];

const recipe = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    recipe: 1,
    rootfs: [{ repository: '.', exclude: ['build'] }],
    templates: [{ template: 'build/t.conf', target: 'etc/t.conf' }],
    logos: { light: 'www/logo-light.{ext}', dark: 'www/logo-dark.{ext}' },
    outputs: { upgrade: { type: 'upgrade', install_script: 'build/install.sh' } },
    ...extra,
  });

const RECIPE_FILES = [
  file('build/t.conf', 'model = {{ build.model }}\n'),
  file('build/install.sh', '#!/bin/sh\n', 0o755),
  file('etc/miner.conf', 'pools = []\n'),
];

const spec = (): JobSpec => ({
  build: { name: 'farm', model: 'S19 Pro', series: 'x19', platform: 'amlogic', install_type: 'upgrade' },
  release: { id: 1, version: '1.0.0', tags: [{ repository_name: 'firmware', tag_name: 'v1' }] },
  pools: devFeeAndMain(1),
  ssh_keys: [],
  logo: { id: 5, le: { url: '/l.png', type: 'image/png' }, de: { url: '/d.png', type: 'image/png' } },
  license: null,
  options: {},
  config_hash: 'a'.repeat(64),
});

/** Builds the one repository `entries` with the default builder, in a run folder under `base/work`. */
async function build(entries: TarEntry[]) {
  runs += 1;
  const workDir = path.join(base, 'work', `run-${runs}`);
  await mkdir(workDir, { recursive: true });
  const tar = path.join(base, `sources-${runs}.tar`);
  await writeFile(tar, await packTar(entries));
  const lines: string[] = [];
  const context: BuildContext = {
    job: { id: 7, uuid: `u-${runs}`, attempt: 1, spec: spec() } as unknown as ClaimedJob,
    api: { jobLogo: async () => ({ bytes: PNG, type: 'image/png' }) } as unknown as AgentApi,
    sources: { ensure: async () => tar } as unknown as SourceCache,
    workDir,
    log: (line) => lines.push(line),
    progress: () => undefined,
    signal: new AbortController().signal,
  };
  const outcome = await defaultBuilder(context).then(
    () => undefined,
    (error: Error) => error,
  );
  return { outcome, lines, workDir };
}

/** Every regular file's bytes under `dir`, links not followed: what the build read went somewhere here. */
function everything(dir: string): string {
  let out = '';
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const info = lstatSync(full);
    if (info.isDirectory()) out += everything(full);
    else if (info.isFile()) out += readFileSync(full, 'latin1');
  }
  return out;
}

/** The build failed naming `offending`, nothing of the secret is in the run's files or log, no canary. */
async function expectRefused(entries: TarEntry[], offending: string) {
  const { outcome, lines, workDir } = await build(entries);
  expect(outcome, 'the build should fail').toBeInstanceOf(Error);
  expect(outcome?.message).toContain(offending);
  expect(everything(workDir)).not.toContain(secret);
  expect(lines.join('\n')).not.toContain(secret);
  expect(existsSync(canary)).toBe(false);
}

describe('hostile release sources', () => {
  it('builds the harmless control repository, so the refusals below are about the hostile parts', async () => {
    const { outcome } = await build([file('build/recipe.json', recipe()), ...RECIPE_FILES]);
    expect(outcome).toBeUndefined();
  });

  it('keeps the links of the sources in memory only while it builds, never on disk', async () => {
    const { outcome, workDir } = await build([
      file('build/recipe.json', recipe()),
      ...RECIPE_FILES,
      link('etc2', 'etc'),
    ]);
    expect(outcome).toBeUndefined();
    const sources = path.join(workDir, 'tree', 'firmware');
    expect(() => lstatSync(path.join(sources, 'etc2'))).toThrow('ENOENT');
    // Forgotten once the build ended: a long-running agent does not gather every build's links.
    expect(await (await BuildRoot.open(sources, 'firmware')).kind('etc2')).toBeUndefined();
  });

  it('refuses a chain of links that together reach /, before a template reads through it', async () => {
    await expectRefused(
      [
        ...CHAIN,
        file(
          'build/recipe.json',
          recipe({ templates: [{ template: `r/${fromRoot(secretFile)}`, target: 'etc/leak.conf' }] }),
        ),
        ...RECIPE_FILES,
      ],
      'firmware/r',
    );
  });

  it('refuses the chain before the install script is read through it', async () => {
    await expectRefused(
      [
        ...CHAIN,
        file(
          'build/recipe.json',
          recipe({ outputs: { upgrade: { type: 'upgrade', install_script: `r/${fromRoot(secretFile)}` } } }),
        ),
        ...RECIPE_FILES,
      ],
      'firmware/r',
    );
  });

  it('refuses the chain before a template is written through it into the server', async () => {
    await expectRefused(
      [
        ...CHAIN,
        file(
          'build/recipe.json',
          recipe({ templates: [{ template: 'build/t.conf', target: `r/${fromRoot(canary)}` }] }),
        ),
        ...RECIPE_FILES,
      ],
      'firmware/r',
    );
  });

  it('refuses the chain before a logo is written through it', async () => {
    await expectRefused(
      [
        ...CHAIN,
        file(
          'build/recipe.json',
          recipe({ logos: { light: `r/${fromRoot(canary)}`, dark: 'www/logo-dark.{ext}' } }),
        ),
        ...RECIPE_FILES,
      ],
      'firmware/r',
    );
  });

  it('refuses a link out of the repository, plain or absolute', async () => {
    await expectRefused(
      [file('build/recipe.json', recipe()), ...RECIPE_FILES, link('etc/up', '../../../../../..')],
      'firmware/etc/up',
    );
    await expectRefused(
      [file('build/recipe.json', recipe()), ...RECIPE_FILES, link('etc/abs', secretFile)],
      'firmware/etc/abs',
    );
  });

  it('refuses a hard link entry, even to a file of the repository', async () => {
    await expectRefused(
      [file('build/recipe.json', recipe()), ...RECIPE_FILES, link('etc/hard', secretFile, 'link')],
      'firmware/etc/hard',
    );
    await expectRefused(
      [file('build/recipe.json', recipe()), ...RECIPE_FILES, link('etc/hard2', 'etc/miner.conf', 'link')],
      'firmware/etc/hard2',
    );
  });

  it('refuses absolute paths and .. in entries', async () => {
    await expectRefused([...RECIPE_FILES, file(canary, 'written')], canary);
    await expectRefused(
      [...RECIPE_FILES, file(`${'../'.repeat(12)}${fromRoot(canary)}`, 'written')],
      `${'../'.repeat(12)}`,
    );
  });

  it('refuses fifos and devices', async () => {
    await expectRefused([...RECIPE_FILES, special('etc/pipe', 'fifo')], 'firmware/etc/pipe');
    await expectRefused([...RECIPE_FILES, special('dev/null', 'character-device')], 'firmware/dev/null');
  });

  it('never follows a link that stays inside either: a recipe path through one is refused', async () => {
    const inside = [link('conf', 'build'), link('etc2', 'etc'), ...RECIPE_FILES];
    await expectRefused(
      [
        ...inside,
        file('build/recipe.json', recipe({ templates: [{ template: 'conf/t.conf', target: 'etc/t.conf' }] })),
      ],
      'Refused firmware/conf/t.conf: it passes through the symbolic link firmware/conf',
    );
    await expectRefused(
      [
        ...inside,
        file(
          'build/recipe.json',
          recipe({ templates: [{ template: 'build/t.conf', target: 'etc2/t.conf' }] }),
        ),
      ],
      'Refused rootfs/etc2/t.conf: it passes through the symbolic link rootfs/etc2',
    );
  });

  it('refuses an entry written through a link of the sources', async () => {
    await expectRefused(
      [...RECIPE_FILES, link('www', 'etc'), file('www/index.html', 'through the link')],
      'firmware/www',
    );
  });
});
