// Catalogue, releases, sets and builds the build form's tests share.
import { justQueued } from '../../../../../contract/samples/build';
import type { Build, BuildSet } from '../../types';
import type { CatalogueData, ReleaseChoice } from '../cascade';

export const catalogue: CatalogueData = {
  series: [
    { name: 'x19', is_blocked: false },
    { name: 'x21', is_blocked: false },
    { name: 'l7', is_blocked: true },
    { name: 'x17', is_blocked: false },
  ],
  models: [
    { name: 'S19', series: 'x19', is_blocked: false },
    { name: 'S19 Pro', series: 'x19', is_blocked: false },
    { name: 'T19', series: 'x19', is_blocked: true },
    { name: 'S21', series: 'x21', is_blocked: false },
    { name: 'L7', series: 'l7', is_blocked: false },
    { name: 'S17', series: 'x17', is_blocked: false },
  ],
  combinations: [
    { model: 'S19', platform: 'amlogic', install_type: 'sd' },
    { model: 'S19', platform: 'amlogic', install_type: 'nand' },
    { model: 'S19', platform: 'cvitek', install_type: 'sd' },
    { model: 'S19 Pro', platform: 'xilinx', install_type: 'upgrade' },
    { model: 'T19', platform: 'xilinx', install_type: 'sd' },
    { model: 'S21', platform: 'cvitek', install_type: 'sd' },
    { model: 'L7', platform: 'amlogic', install_type: 'sd' },
    { model: 'S17', platform: 'amlogic', install_type: 'sd' },
  ],
};

const release = (id: number, series: string, stage: ReleaseChoice['stage'], extra = {}): ReleaseChoice => ({
  id,
  series,
  version: `1.${id}`,
  stage,
  ...extra,
});
export const releases = [
  release(1, 'x19', 'stable'),
  release(2, 'x19', 'stable'),
  release(3, 'x19', 'prerelease'),
  release(4, 'x19', 'beta'),
  release(5, 'x19', 'dev'),
  release(6, 'x19', 'stable', { is_removed: true }),
  release(7, 'x21', 'stable'),
];

export const set: BuildSet = {
  id: 10,
  user_id: 2,
  name: 'North farm',
  description: 'S19 rigs',
  logo_id: 1,
  is_favorite: false,
  is_removed: false,
  ssh_keys: [3],
  versions: [],
  models: ['S19'],
  count_firmwares: 1,
  count_pending: 1,
  count_in_progress: 0,
  count_failed: 0,
  count_removed_firmwares: 0,
  link_uuid: '0b7c1f3e-6f0e-4c55-9a51-1a2b3c4d5e6f',
  link_enabled: true,
  created_at: '2025-01-01T00:00:00Z',
};

export const build: Build = {
  id: 100,
  group_id: 10,
  user_id: 2,
  name: 'North farm S19',
  model: 'S19',
  series: 'x19',
  platform: 'amlogic',
  install_type: 'nand',
  release_id: 4,
  release_version: '1.4',
  stage: 'beta',
  license_id: 5,
  add_license: true,
  ...justQueued,
  ssh_keys: [3, 4],
  logo_id: 42,
  uuid: '9e0f4a55-2a4b-4a7e-8c1d-2f3e4a5b6c7d',
  options: { ssh: true },
  fee_pools_configs: [
    {
      alias: 'dev',
      url: 'stratum+tcp://dev.example.com:3333',
      account: 'devacc',
      worker: 'Northfarm',
      fee: 2,
      fake_fee: null,
      hidden: false,
      type_fee_pool: 'devfee',
    },
    {
      alias: 'main',
      url: 'stratum+tcp://main.example.com:3333',
      account: 'mainacc',
      worker: 'rig1',
      fee: 1,
      fake_fee: 0.5,
      hidden: true,
      type_fee_pool: 'fee',
    },
  ],
  file_size: null,
  sha256: null,
  created_at: '2025-01-02T00:00:00Z',
  updated_at: '2025-01-02T00:00:00Z',
};

/** The general logo, the account's default set (7) and a build's own pair (42). */
export const logos = [
  { id: 1, le: '/api/logos/1/le', de: '/api/logos/1/de', is_default: false, for_build: false },
  { id: 7, le: '/api/logos/7/le', de: '/api/logos/7/de', is_default: true, for_build: false },
  { id: 42, le: '/api/logos/42/le', de: '/api/logos/42/de', is_default: false, for_build: true },
  { id: 9, le: '/api/logos/9/le', de: '/api/logos/9/de', is_default: false, for_build: false },
];
