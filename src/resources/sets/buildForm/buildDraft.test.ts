import { describe, expect, it } from 'vitest';
import { draftKey, fromStored, toDraft, withoutCredentials } from './buildDraft';
import { valuesFromSet } from './formModes';

const blank = valuesFromSet({ id: 10, name: 'Northfarm', logo_id: 1, ssh_keys: [] }, []);

describe('the build form’s draft', () => {
  it('is the account’s and the form’s', () => {
    expect(draftKey(2, '10--')).not.toBe(draftKey(3, '10--'));
    expect(draftKey(2, '10--')).not.toBe(draftKey(2, '10-7-'));
  });

  // Nothing secret in the browser's storage: a pool url takes no credentials (spec §5), one typed anyway loses them.
  it('keeps no password typed into a pool url, nor the logo files', () => {
    const values = structuredClone(blank);
    values.devfee_pool_config.url = 'stratum+tcp://miner:s3cret@pool.example.com:3333';
    values.fee_pools_configs[0].url = 'stratum+ssl://user@pool.example.com:443';
    values.customLogoFiles = { image_le: new File(['x'], 'le.png'), image_de: null };
    const draft = toDraft(values);
    expect(JSON.stringify(draft)).not.toContain('s3cret');
    expect(draft.values.devfee_pool_config.url).toBe('stratum+tcp://pool.example.com:3333');
    expect(draft.values.fee_pools_configs[0].url).toBe('stratum+ssl://pool.example.com:443');
    expect(draft.values.customLogoFiles).toEqual({ image_le: null, image_de: null });
    expect(draft.hadLogoFiles).toBe(true);
    expect(withoutCredentials('stratum+tcp://pool.example.com:3333')).toBe(
      'stratum+tcp://pool.example.com:3333',
    );
  });

  it('is read back over the blank form, and not when it is another set’s, another version’s or unreadable', () => {
    const values = { ...structuredClone(blank), model: 'S19' };
    const stored = JSON.parse(JSON.stringify(toDraft(values)));
    expect(fromStored(stored, blank)?.values.model).toBe('S19');
    expect(fromStored({ ...stored, values: { model: 'S19', group_id: 10 } }, blank)?.values.poolsLimit).toBe(
      blank.poolsLimit,
    );
    expect(fromStored(stored, { ...blank, group_id: 11 })).toBeUndefined();
    expect(fromStored({ ...stored, version: 0 }, blank)).toBeUndefined();
    expect(fromStored('nonsense', blank)).toBeUndefined();
    expect(fromStored(undefined, blank)).toBeUndefined();
  });
});
