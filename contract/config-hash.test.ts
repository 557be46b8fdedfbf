import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type BuildConfig, canonicalJson, configHash, sha256OfText } from './config-hash';

const base = (): BuildConfig => ({
  builder_version: 'default-1',
  model: 'S19 Pro',
  series: 'S19',
  platform: 'amlogic',
  install_type: 'nand',
  warranty: false,
  release: {
    series: 'S19',
    version: '1.1.0',
    stage: 'stable',
    tags: [
      { repository: 'firmware', tag: 'v1.1.0', commit: 'a'.repeat(40) },
      { repository: 'webui', tag: 'v2.0.0', commit: null },
    ],
  },
  pools: [
    { alias: 'main', url: 'stratum+tcp://pool.example:3333', account: 'acc', worker: 'w1', fee: 0 },
    { alias: 'fee', url: 'stratum+tcp://fee.example:3333', account: 'dev', worker: 'w', fee: 2 },
  ],
  ssh_keys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBase key@host'],
  logo: {
    le: { file: 'builtin/general-le.svg', type: 'svg' },
    de: { file: 'builtin/general-de.svg', type: 'svg' },
  },
  license: { name: 'EU', region: 'eu' },
  options: { fan_min: 20, autotune: true, profile: 'eco' },
});

describe('sha256OfText', () => {
  it('agrees with node:crypto on empty, short, multi-block and non-ASCII texts', () => {
    const texts = ['', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'y'.repeat(64), 'z'.repeat(1000), 'пулы ⛏ 🚀'];
    for (const text of texts)
      expect(sha256OfText(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
  });

  it('leaves out undefined members and refuses non-finite numbers', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
});

describe('configHash', () => {
  it('is a sha256 in hex, the same for the same configuration', () => {
    expect(configHash(base())).toMatch(/^[0-9a-f]{64}$/);
    expect(configHash(base())).toBe(configHash(base()));
  });

  it('ignores the order of keys, of the release tags and the spacing of keys', () => {
    const config = base();
    const reordered: BuildConfig = {
      options: { profile: 'eco', autotune: true, fan_min: 20 },
      license: config.license,
      logo: config.logo,
      ssh_keys: ['  ssh-ed25519   AAAAC3NzaC1lZDI1NTE5AAAAIBase  key@host '],
      pools: config.pools,
      release: { ...config.release, tags: [...config.release.tags].reverse() },
      warranty: false,
      install_type: 'nand',
      platform: 'amlogic',
      series: 'S19',
      model: 'S19 Pro',
      builder_version: 'default-1',
    };
    expect(configHash(reordered)).toBe(configHash(config));
  });

  // Every field that shapes the output, changed one at a time, changes the hash.
  const changes: [string, (c: BuildConfig) => void][] = [
    ['builder version', (c) => (c.builder_version = 'default-2')],
    ['model', (c) => (c.model = 'S19j Pro')],
    ['series', (c) => (c.series = 'S21')],
    ['platform', (c) => (c.platform = 'zynq')],
    ['install type', (c) => (c.install_type = 'sd')],
    ['warranty', (c) => (c.warranty = true)],
    ['release version', (c) => (c.release.version = '1.2.0')],
    ['release stage', (c) => (c.release.stage = 'beta')],
    ['release series', (c) => (c.release.series = 'S21')],
    ['a tag', (c) => (c.release.tags[0].tag = 'v1.1.1')],
    ['a tag commit', (c) => (c.release.tags[0].commit = 'b'.repeat(40))],
    ['an unknown commit becoming known', (c) => (c.release.tags[1].commit = 'c'.repeat(40))],
    ['a pool url', (c) => ((c.pools[0] as { url: string }).url = 'stratum+tcp://other:3333')],
    ['a pool fee', (c) => ((c.pools[1] as { fee: number }).fee = 2.5)],
    ['the pools order', (c) => c.pools.reverse()],
    ['an extra pool', (c) => c.pools.push({ alias: 'backup', url: 'stratum+tcp://b:1' })],
    ['an SSH key', (c) => (c.ssh_keys = ['ssh-ed25519 AAAAother key@host'])],
    ['no SSH keys', (c) => (c.ssh_keys = [])],
    [
      'the light logo',
      (c) => {
        if (c.logo) c.logo.le.file = '0123456789abcdef0123456789abcdef.png';
      },
    ],
    [
      'the dark logo type',
      (c) => {
        if (c.logo) c.logo.de.type = 'png';
      },
    ],
    ['no logo', (c) => (c.logo = null)],
    ['the license', (c) => (c.license = { name: 'US', region: 'us' })],
    ['no license', (c) => (c.license = null)],
    ['an option value', (c) => (c.options.fan_min = 25)],
    ['an option added', (c) => (c.options.extra = false)],
    ['an option removed', (c) => delete c.options.profile],
  ];
  it.each(changes)('changes when %s changes', (_name, change) => {
    const changed = base();
    change(changed);
    expect(configHash(changed)).not.toBe(configHash(base()));
  });

  it('tells every changed configuration apart from the others', () => {
    const hashes = changes.map(([, change]) => {
      const changed = base();
      change(changed);
      return configHash(changed);
    });
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});
