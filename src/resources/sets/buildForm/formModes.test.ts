import { describe, expect, it } from 'vitest';
import {
  changedBuildFields,
  logoIdFor,
  logoSelectFor,
  myLogo,
  optionDefaults,
  toBuildBody,
  valuesFromBuild,
  valuesFromSet,
  withModelPreset,
} from './formModes';
import { isBlankPool } from './pools';
import { build, catalogue, logos, releases, set } from './test/fixtures';

describe('build form modes', () => {
  it('from a set: blank build, stable subset, license on, DevFee worker from the set name, the set’s keys', () => {
    const values = valuesFromSet(set, logos);
    expect(values).toMatchObject({
      group_id: 10,
      series: '',
      subset: 'stable',
      release: null,
      addLicense: true,
      ssh_keys: [3],
      logoSelect: 'default',
      poolsLimit: 0,
    });
    expect(values.devfee_pool_config).toMatchObject({ worker: 'Northfarm', fee: 2, type_fee_pool: 'devfee' });
    expect(values.fee_pools_configs).toHaveLength(5);
    expect(values.fee_pools_configs.every(isBlankPool)).toBe(true);
  });

  it('derives the logo selection from logo_id', () => {
    expect(logoSelectFor(null, logos)).toEqual({ logoSelect: 'default', savedLogoID: null });
    expect(logoSelectFor(1, logos)).toEqual({ logoSelect: 'default', savedLogoID: null });
    expect(logoSelectFor(7, logos)).toEqual({ logoSelect: 'my_logo', savedLogoID: 7 });
    // Issue 37: any saved set is 'my logo', not only the default; a per-build upload stays 'for this build'.
    expect(logoSelectFor(9, logos)).toEqual({ logoSelect: 'my_logo', savedLogoID: 9 });
    expect(logoSelectFor(42, logos)).toEqual({ logoSelect: 'build_logo', savedLogoID: 42 });
    expect(valuesFromSet({ ...set, logo_id: 7 }, logos).logoSelect).toBe('my_logo');
    expect(myLogo([{ id: 1, is_default: true }])).toBeUndefined();
  });

  it('sends the logo the selection stands for', () => {
    expect(logoIdFor({ logoSelect: 'default', savedLogoID: 42 }, logos)).toBe(1);
    expect(logoIdFor({ logoSelect: 'my_logo', savedLogoID: null }, logos)).toBe(7);
    expect(logoIdFor({ logoSelect: 'my_logo', savedLogoID: 9 }, logos)).toBe(9);
    expect(logoIdFor({ logoSelect: 'my_logo', savedLogoID: 42 }, logos)).toBe(7);
    expect(logoIdFor({ logoSelect: 'my_logo', savedLogoID: null }, [logos[0]])).toBe(1);
    expect(logoIdFor({ logoSelect: 'build_logo', savedLogoID: 42 }, logos)).toBe(42);
    expect(logoIdFor({ logoSelect: 'build_logo', savedLogoID: 42 }, logos, 50)).toBe(50);
  });

  it('from an existing build: every field prefilled', () => {
    const values = valuesFromBuild(build, set, logos, releases);
    expect(values).toMatchObject({
      series: 'x19',
      model: 'S19',
      platform: 'amlogic',
      installType: 'nand',
      subset: 'test',
      release: 4,
      addLicense: true,
      license: 5,
      options: { ssh: true },
      ssh_keys: [3, 4],
      logoSelect: 'build_logo',
      savedLogoID: 42,
      poolsLimit: 1,
    });
    expect(values.fee_pools_configs[0]).toMatchObject({ worker: 'rig1', fake_fee: 0.5, hidden: true });
    // Unchanged, it sends back what the build has.
    const body = toBuildBody(values, 42, false);
    expect(body.fee_pools_configs).toEqual(build.fee_pools_configs);
    expect(changedBuildFields(body, build)).toEqual({});
    // Options are admins' to send; everyone else builds with the defaults.
    expect('options' in body).toBe(false);
    expect(toBuildBody(values, 42, true).options).toEqual({ ssh: true });
    expect(changedBuildFields({ ...body, platform: 'cvitek' }, build)).toEqual({ platform: 'cvitek' });
  });

  it('presets a missing model with its series', () => {
    const values = withModelPreset(valuesFromSet(set, logos), 'S21', catalogue);
    expect(values).toMatchObject({ series: 'x21', model: 'S21', platform: '', release: null });
    expect(withModelPreset(values, 'nope', catalogue)).toBe(values);
  });

  it('builds the POST body: no license when Add license is off', () => {
    const values = { ...valuesFromBuild(build, set, logos, releases), addLicense: false };
    const body = toBuildBody(values, 1, false);
    expect(body).toMatchObject({
      group_id: 10,
      model: 'S19',
      platform: 'amlogic',
      install_type: 'nand',
      release_id: 4,
      license_id: null,
      add_license: false,
      logo_id: 1,
    });
  });

  it('takes each build option’s default', () => {
    expect(
      optionDefaults([
        { name: 'ssh', default: true },
        { name: 'hostname', default: 'miner' },
      ]),
    ).toEqual({ ssh: true, hostname: 'miner' });
  });
});
