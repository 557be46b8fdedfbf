import { describe, expect, it } from 'vitest';
import type { JobSpec } from '../protocol';
import { authorizedKeys, overlayFiles, poolsConfig } from './overlay';
import { devFeeAndMain } from './test-pools';

const spec: JobSpec = {
  build: { model: 'S19 Pro', series: 'x19' },
  release: { id: 1, version: '1.0.0', tags: [{ repository_name: 'firmware-x19', tag_name: 'v1.0.0' }] },
  pools: [
    ...devFeeAndMain(1.5),
    {
      alias: 'Hidden',
      url: 'stratum+tcp://h.example:3333',
      account: 'h',
      worker: 'w',
      fee: 0.5,
      hidden: true,
      type_fee_pool: 'fee',
    },
    {
      alias: 'Refund',
      url: 'stratum+tcp://r.example:3333',
      account: 'r',
      worker: 'w',
      fee: 0,
      type_fee_pool: 'refund',
    },
  ],
  ssh_keys: [{ name: 'laptop', key: 'ssh-ed25519 AAAAC3Nza me@laptop\n' }],
  logo: null,
  license: { id: 3, name: 'EU-2025', region: 'EU' },
  options: { autotune: true },
};

describe('overlay', () => {
  it('writes a cgminer-style pool list with the fee pools, DevFee and refund apart', () => {
    const config = poolsConfig(spec.pools);
    expect(config.pools).toEqual([{ url: 'stratum+tcp://main.example:3333', user: 'me.rig', pass: 'x' }]);
    expect(config.devfee).toMatchObject({ user: 'vendor.set1', fee: 2 });
    expect(config.fee_pools.map((p) => p.alias)).toEqual(['Main', 'Hidden']);
    expect(config.refund).toMatchObject({ alias: 'Refund' });
    expect(config.total_fee).toBe(4);
  });

  it('writes authorized_keys, license, options and build info under config/', () => {
    expect(authorizedKeys(spec.ssh_keys)).toBe('ssh-ed25519 AAAAC3Nza me@laptop\n');
    const files = overlayFiles(spec, 'uuid-1');
    expect(files.map((f) => f.path).sort()).toEqual([
      'config/authorized_keys',
      'config/build.json',
      'config/license.json',
      'config/options.json',
      'config/pools.json',
    ]);
    expect(
      JSON.parse(files.find((f) => f.path === 'config/build.json')?.data.toString() ?? '{}'),
    ).toMatchObject({
      uuid: 'uuid-1',
      model: 'S19 Pro',
      sources: [{ repository: 'firmware-x19', tag: 'v1.0.0' }],
    });
  });
});
