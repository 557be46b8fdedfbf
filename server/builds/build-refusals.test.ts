// The build form's refusals, checked again by the server: each answers 422 naming the field and writes nothing.
import { describe, expect, it } from 'vitest';
import {
  api,
  type BuildWorld,
  buildBody,
  createSet,
  pools,
  rowCounts,
  sharedBuildWorldWithSet,
  submit,
} from '../test/build-fixtures';
import { expectValidationError } from '../test/helper';

const { w, post } = sharedBuildWorldWithSet('Main set');

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
      'Only Latin letters, numbers and dot',
    ],
    [
      'a Cyrillic worker (issue 37: pools take ASCII)',
      () => ({ fee_pools_configs: pools([{}, { worker: 'ФермаБета' }]) }),
      'worker',
      'Only Latin letters, numbers and dot',
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
    const issue = expectValidationError(await post(buildBody(w, w.setId, change(w))), field);
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
      await post(buildBody(w, w.setId, { ...x21, fee_pools_configs: pools([{ fee: 2.5 }]) })),
      'fee',
    );
    expect(issue.msg).toBe('Cannot be less than 3');
    issue = expectValidationError(
      await post(buildBody(w, w.setId, { ...x21, fee_pools_configs: pools([{ fee: 3 }, { fee: 1 }]) })),
      'fee_pools_configs',
    );
    expect(issue.msg).toBe('Cannot be less than 5');
    await submit(
      w,
      w.partner.token,
      buildBody(w, w.setId, { ...x21, fee_pools_configs: pools([{ fee: 3 }, { fee: 2 }]) }),
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
