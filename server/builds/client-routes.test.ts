import { beforeAll, describe, expect, it } from 'vitest';
import { builds } from '../platform/db/schema';
import {
  api,
  type BuildWorld,
  buildBody,
  createBuildWorld,
  createSet,
  pools,
  rowCounts,
  submit,
} from '../test/build-fixtures';
import { expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import type { JobSpec } from './job-spec';

const w = sharedWorld(createBuildWorld);

let setId: number;

beforeAll(async () => {
  setId = (await createSet(w, w.partner.token, 'Main set')).id as number;
});

const post = (body: unknown, token = w.partner.token) =>
  api(w, 'POST', '/client/firmware/firmwares', token, body);

describe('POST /client/firmware/firmwares', () => {
  it('queues a pending build with everything an agent needs', async () => {
    const build = await submit(w, w.partner.token, buildBody(w, setId, { ssh_keys: [], logo_id: 1 }));
    expect(build).toMatchObject({
      group_id: setId,
      user_id: w.partner.id,
      name: 'S19-Pro_1.0.0_amlogic_nand',
      model: 'S19 Pro',
      series: 'x19',
      platform: 'amlogic',
      install_type: 'nand',
      release_id: w.releases.x19v1,
      release_version: '1.0.0',
      stage: 'stable',
      license_id: w.licenseId,
      add_license: true,
      status: 'pending',
      progress: 0,
      is_removed: false,
      is_updating: false,
      warranty: false,
      ssh_keys: [],
      logo_id: 1,
      file_size: null,
      sha256: null,
    });
    expect(build.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(build.options).toMatchObject({ fan_control: true, min_fans: '4' });
    expect(build.fee_pools_configs).toEqual([pools()[0], { ...pools()[1], fake_fee: null }]);
    expect(build).not.toHaveProperty('job_spec');

    const [row] = await w.t.db.select().from(builds);
    const spec = row.job_spec as unknown as JobSpec;
    expect(spec.release).toEqual({
      id: w.releases.x19v1,
      series: 'x19',
      version: '1.0.0',
      stage: 'stable',
      tags: [
        { repository_name: 'firmware-x19', tag_name: 'v1.0.0', url: '/srv/repos/firmware-x19' },
        { repository_name: 'web-ui', tag_name: 'v1.0.0', url: '/srv/repos/web-ui' },
      ],
    });
    expect(spec.pools).toHaveLength(2);
    expect(spec.logo.le).toMatchObject({
      file: 'builtin/general-le.svg',
      url: expect.stringMatching(/^\/api\/logos\/[0-9a-f-]{36}\/le$/),
    });
    expect(spec.license).toMatchObject({ id: w.licenseId });
    expect(spec.artifact).toBe(`artifacts/${build.uuid}.tar.gz`);
    expect(spec.options.fan_control).toBe(true);
  });

  it('defaults the DevFee to 2 and takes the set’s SSH keys and logo', async () => {
    const devfee = { ...pools()[0] } as Record<string, unknown>;
    delete devfee.fee;
    const build = await submit(w, w.partner.token, buildBody(w, setId, { fee_pools_configs: [devfee] }));
    expect((build.fee_pools_configs as { fee: number }[])[0].fee).toBe(2);
    expect(build.logo_id).toBe(1);
  });

  it('builds without a license when add_license is false', async () => {
    const build = await submit(
      w,
      w.partner.token,
      buildBody(w, setId, { add_license: false, license_id: null }),
    );
    expect(build).toMatchObject({ add_license: false, license_id: null });
  });

  it('answers 404 for another partner’s set, key or logo', async () => {
    const before = await rowCounts(w.t.db);
    expectError(await post(buildBody(w, setId), w.other.token), 404, 'Set not found');
    expectError(await post(buildBody(w, 999_999)), 404, 'Set not found');
    expectError(await post(buildBody(w, setId, { ssh_keys: [123_456] })), 404, 'SSH key not found');
    expectError(await post(buildBody(w, setId, { logo_id: 99 })), 404, 'Logo not found');
    expect(await rowCounts(w.t.db)).toEqual(before);
  });
});

describe('POST /client/firmware/firmwares refuses what the build form refuses, writing nothing', () => {
  const cases: [string, (w: BuildWorld) => Record<string, unknown>, string, string][] = [
    ['an unknown model', () => ({ model: 'S99' }), 'model', 'Unknown model'],
    ['a model outside the series', () => ({ series: 'x21' }), 'model', 'Model is not in the series'],
    ['a blocked model', () => ({ series: 'x17', model: 'T17' }), 'series', 'Series is not available'],
    [
      'a hidden series',
      (w) => ({ series: 'x17', model: 'S17', release_id: w.releases.x17v1 }),
      'series',
      'Series is not available',
    ],
    ['a platform the model lacks', () => ({ platform: 'zynq' }), 'platform', 'Invalid combination'],
    [
      'an install type the board lacks',
      () => ({ model: 'S21', series: 'x21', platform: 'cvitek' }),
      'install_type',
      'Invalid combination',
    ],
    [
      'an invisible release (draft)',
      (w) => ({ release_id: w.releases.x19draft }),
      'release_id',
      'Release not found',
    ],
    [
      'an invisible release (beta)',
      (w) => ({ release_id: w.releases.x19beta }),
      'release_id',
      'Release not found',
    ],
    [
      'a release of another series',
      (w) => ({ release_id: w.releases.x21v1 }),
      'release_id',
      'Release is not of the model’s series',
    ],
    ['no license with add_license', () => ({ license_id: null }), 'license_id', 'Field is required'],
    ['an unknown license', () => ({ license_id: 9999 }), 'license_id', 'License not found'],
    [
      'a fee over 100',
      () => ({ fee_pools_configs: pools([{}, { fee: 101 }]) }),
      'fee',
      'Enter a value from 0 to 100',
    ],
    [
      'a negative fee',
      () => ({ fee_pools_configs: pools([{}, { fee: -1 }]) }),
      'fee',
      'Enter a value from 0 to 100',
    ],
    [
      'three decimals',
      () => ({ fee_pools_configs: pools([{}, { fee: 1.234 }]) }),
      'fee',
      'Maximum 2 decimal places',
    ],
    [
      'a fee that is no number',
      () => ({ fee_pools_configs: pools([{}, { fee: 'abc' }]) }),
      'fee',
      'Must be a number',
    ],
    [
      'a fake fee over 100',
      () => ({ fee_pools_configs: pools([{}, { fake_fee: 120 }]) }),
      'fake_fee',
      'Enter a value from 0 to 100',
    ],
    [
      'a total over 100',
      () => ({ fee_pools_configs: pools([{}, { fee: 99 }]) }),
      'fee_pools_configs',
      'Total fee cannot be more than 100',
    ],
    [
      'a DevFee below the minimum',
      () => ({ fee_pools_configs: pools([{ fee: 1.5 }]) }),
      'fee',
      'Cannot be less than 2',
    ],
    [
      'an http url',
      () => ({ fee_pools_configs: pools([{}, { url: 'http://pool.example.com:3333' }]) }),
      'url',
      'Must be a valid url',
    ],
    [
      'a url without a port',
      () => ({ fee_pools_configs: pools([{}, { url: 'stratum+tcp://pool.example.com' }]) }),
      'url',
      'Must be a valid url',
    ],
    ['an empty url', () => ({ fee_pools_configs: pools([{}, { url: '' }]) }), 'url', 'Pool is required'],
    [
      'a short worker',
      () => ({ fee_pools_configs: pools([{}, { worker: 'ab' }]) }),
      'worker',
      'Minimum 3 characters',
    ],
    [
      'a worker with a dash',
      () => ({ fee_pools_configs: pools([{}, { worker: 'rig-01' }]) }),
      'worker',
      'Only letters, numbers and dot',
    ],
    [
      'an account with a space',
      () => ({ fee_pools_configs: pools([{}, { account: 'my acc' }]) }),
      'account',
      'Only letters, numbers and dot',
    ],
    [
      'an empty account',
      () => ({ fee_pools_configs: pools([{ account: ' ' }]) }),
      'account',
      'Account is required',
    ],
    [
      'a fee pool without a fee',
      () => ({ fee_pools_configs: pools([{}, { fee: undefined }]) }),
      'fee',
      'Fee is required',
    ],
    [
      'no DevFee pool',
      () => ({ fee_pools_configs: pools().slice(1) }),
      'fee_pools_configs',
      'Exactly one DevFee pool is required',
    ],
    [
      'two DevFee pools',
      () => ({ fee_pools_configs: [pools()[0], pools()[0]] }),
      'fee_pools_configs',
      'Exactly one DevFee pool is required',
    ],
    [
      'six fee pools',
      () => ({
        fee_pools_configs: [pools()[0], ...Array.from({ length: 6 }, () => ({ ...pools()[1], fee: 1 }))],
      }),
      'fee_pools_configs',
      'Maximum 5 fee pools',
    ],
    [
      'a refund pool from a partner',
      () => ({ fee_pools_configs: [...pools(), { ...pools()[1], type_fee_pool: 'refund' }] }),
      'type_fee_pool',
      'Only admins can configure the refund pool',
    ],
    ['an unknown option', () => ({ options: { turbo: true } }), 'turbo', 'Unknown option'],
    [
      'an option of the wrong type',
      () => ({ options: { fan_control: 'yes' } }),
      'fan_control',
      'Must be a boolean',
    ],
    [
      'an option value from a partner',
      () => ({ options: { fan_control: false } }),
      'fan_control',
      'Only admins can change build options',
    ],
    ['an unknown field', () => ({ colour: 'red' }), 'colour', 'Extra field not permitted'],
  ];

  it.each(cases)('%s', async (_name, change, field, msg) => {
    const before = await rowCounts(w.t.db);
    const setBefore = (await api(w, 'GET', '/client/firmware/groups', w.partner.token)).json();
    const issue = expectValidationError(await post(buildBody(w, setId, change(w))), field);
    expect(issue.msg).toBe(msg);
    expect(await rowCounts(w.t.db)).toEqual(before);
    expect((await api(w, 'GET', '/client/firmware/groups', w.partner.token)).json()).toEqual(setBefore);
  });

  it('holds partners to their own minimums per series', async () => {
    const x21 = {
      series: 'x21',
      model: 'S21',
      platform: 'cvitek',
      install_type: 'sd',
      release_id: w.releases.x21v1,
    };
    let issue = expectValidationError(
      await post(buildBody(w, setId, { ...x21, fee_pools_configs: pools([{ fee: 2.5 }]) })),
      'fee',
    );
    expect(issue.msg).toBe('Cannot be less than 3');
    issue = expectValidationError(
      await post(buildBody(w, setId, { ...x21, fee_pools_configs: pools([{ fee: 3 }, { fee: 1 }]) })),
      'fee_pools_configs',
    );
    expect(issue.msg).toBe('Cannot be less than 5');
    await submit(
      w,
      w.partner.token,
      buildBody(w, setId, { ...x21, fee_pools_configs: pools([{ fee: 3 }, { fee: 2 }]) }),
    );
  });

  it('lets admins configure a refund pool, options and hidden series', async () => {
    const adminSet = (await createSet(w, w.admin.token, 'Admin set')).id as number;
    const body = buildBody(w, adminSet, {
      series: 'x17',
      model: 'S17',
      release_id: w.releases.x17v1,
      options: { fan_control: false, autotune_profile: ['balanced'] },
      fee_pools_configs: [...pools([{ fee: 0.5 }]), { ...pools()[1], type_fee_pool: 'refund', fee: 3 }],
    });
    const build = await submit(w, w.admin.token, body);
    expect(build.options).toMatchObject({ fan_control: false, autotune_profile: ['balanced'] });
    expect((build.fee_pools_configs as unknown[]).length).toBe(3);
    // Admins see the hidden series, but a blocked model stays blocked.
    const blocked = await post(
      buildBody(w, adminSet, { series: 'x17', model: 'T17', release_id: w.releases.x17v1 }),
      w.admin.token,
    );
    expect(expectValidationError(blocked, 'model').msg).toBe('Model is blocked');
  });
});
