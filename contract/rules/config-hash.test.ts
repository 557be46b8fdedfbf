import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JobSpec } from '../schemas/agent-schemas';
import { buildConfiguration, canonicalJson, configHash } from './config-hash';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function spec(): JobSpec & Record<string, unknown> {
  return {
    spec_version: 1,
    requested_at: '2026-01-01T00:00:00.000Z',
    build: {
      uuid: '0b6e1f5c-3c1c-4d5e-9a55-1f5e3b2a9c01',
      name: 'Shop A',
      model: 'Antminer S19',
      series: 'x19',
      platform: 'xil',
      install_type: 'upgrade',
      warranty: false,
    } as JobSpec['build'],
    release: {
      id: 7,
      series: 'x19',
      version: '1.2.0',
      stage: 'stable',
      tags: [
        { repository_name: 'firmware-x19', tag_name: 'v1.2.0', url: '/git/firmware-x19' },
        { repository_name: 'web-ui', tag_name: 'v1.2.0', url: null },
      ],
    },
    pools: [
      { alias: 'main', url: 'stratum+tcp://pool.example:3333', account: 'acc', worker: 'w1', fee: 1.5 },
      {
        alias: 'dev',
        url: 'stratum+tcp://dev.example:3333',
        account: 'dev',
        worker: 'x',
        type_fee_pool: 'devfee',
      },
    ],
    ssh_keys: [{ name: 'laptop', key: 'ssh-ed25519 AAAAC3Nza me@laptop' }],
    logo: {
      id: 3,
      le: { file: 'logos/3-le.png', type: 'image/png', url: '/api/logos/x/le' },
      de: { file: 'logos/3-de.png', type: 'image/png', url: '/api/logos/x/de' },
    } as JobSpec['logo'],
    license: { id: 2, name: 'Standard', region: 'EU' },
    options: { fan_min: 30, overclock: false },
    artifact: 'artifacts/0b6e1f5c.tar.gz',
  };
}

type Change = [string, (s: ReturnType<typeof spec>) => void];

const CHANGES: Change[] = [
  ['model', (s) => Object.assign(s.build as object, { model: 'Antminer S19j' })],
  ['platform', (s) => Object.assign(s.build as object, { platform: 'bb' })],
  ['install type', (s) => Object.assign(s.build as object, { install_type: 'sd' })],
  ['warranty', (s) => Object.assign(s.build as object, { warranty: true })],
  ['release version', (s) => Object.assign(s.release, { version: '1.2.1' })],
  ['release stage', (s) => Object.assign(s.release, { stage: 'beta' })],
  ['a tag', (s) => Object.assign(s.release.tags[1], { tag_name: 'v1.2.1' })],
  ['a pool url', (s) => Object.assign(s.pools[0], { url: 'stratum+tcp://other.example:3333' })],
  ['a pool worker', (s) => Object.assign(s.pools[0], { worker: 'w2' })],
  ['a pool fee', (s) => Object.assign(s.pools[0], { fee: 1.25 })],
  ['the pools order', (s) => s.pools.reverse()],
  ['an SSH key', (s) => s.ssh_keys.push({ name: 'desk', key: 'ssh-ed25519 AAAAother desk' })],
  ['the light logo', (s) => Object.assign(s.logo?.le as object, { file: 'logos/4-le.png' })],
  ['the license', (s) => Object.assign(s, { license: null })],
  ['the license region', (s) => Object.assign(s.license as object, { region: 'US' })],
  ['an option', (s) => Object.assign(s.options, { fan_min: 40 })],
  ['a new option', (s) => Object.assign(s.options, { hostname: 'miner' })],
];

describe('configuration hash (issue 16)', () => {
  it('canonical JSON sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { y: 1, x: 2 }], c: 'é' }, u: undefined })).toBe(
      '{"a":{"c":"é","d":[3,{"x":2,"y":1}]},"b":1}',
    );
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('is the same for the same configuration, whatever the uuid, name, time, ids or key order', () => {
    const a = spec();
    const b = spec();
    Object.assign(b.build as object, { uuid: 'ffffffff-3c1c-4d5e-9a55-1f5e3b2a9c01', name: 'Shop B' });
    Object.assign(b, { requested_at: '2027-05-05T00:00:00.000Z', artifact: 'artifacts/other.tar.gz' });
    Object.assign(b.release, { id: 99 });
    Object.assign(b.license as object, { id: 5 });
    b.options = { overclock: false, fan_min: 30 };
    const hash = configHash(a, sha256);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(configHash(b, sha256)).toBe(hash);
    // SSH keys are compared by their text, white space normalised.
    b.ssh_keys = [{ name: 'renamed', key: '  ssh-ed25519   AAAAC3Nza me@laptop \n' }];
    expect(configHash(b, sha256)).toBe(hash);
  });

  it.each(CHANGES)('changes when %s changes', (_what, change) => {
    const changed = spec();
    change(changed);
    expect(configHash(changed, sha256)).not.toBe(configHash(spec(), sha256));
  });

  it('covers the fields the issue names', () => {
    expect(Object.keys(buildConfiguration(spec())).sort()).toEqual(
      [
        'config_hash_version',
        'install_type',
        'license',
        'logo',
        'model',
        'options',
        'platform',
        'pools',
        'release',
        'series',
        'ssh_keys',
        'warranty',
      ].sort(),
    );
  });
});
