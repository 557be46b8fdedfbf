import { describe, expect, it } from 'vitest';
import type { ValidationMessage, Validator } from '../../../../contract/rules/validators';
import en from '../../../../locales/en.json';
import { emptyPool, splitPools } from './pools';
import { build } from './test/fixtures';
import type { BuildFormValues } from './types';
import {
  logoFilesError,
  poolValidators,
  totalFeeError,
  validateLicense,
  validateModel,
  validateRelease,
  validateSeries,
} from './validation';

/** The English text of a validator's answer, as the user reads it. */
function text(message: ValidationMessage | undefined): string | undefined {
  if (!message) return undefined;
  const key = typeof message === 'string' ? message : message.message;
  const args = typeof message === 'string' ? {} : message.args;
  const template = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  expect(typeof template, key).toBe('string');
  return (template as string).replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name]));
}

const first = (validators: Validator[], value: unknown, all: unknown = {}) => {
  for (const validate of validators) {
    const message = validate(value, all);
    if (message) return text(message);
  }
  return undefined;
};

describe('build form and set form messages (spec §5)', () => {
  it('series, model and release are required', () => {
    expect(first(validateSeries, '')).toBe('Model series is required');
    expect(first(validateModel, '')).toBe('Model is required');
    expect(first(validateRelease, null)).toBe('Release is required');
  });

  it('a license only while Add license is on', () => {
    expect(text(validateLicense(null, { addLicense: true }))).toBe('Field is required');
    expect(validateLicense(null, { addLicense: false })).toBeUndefined();
  });

  it('pool fields: the contract’s pool rules, the fee rule and the minimum DevFee', () => {
    const pool = poolValidators(undefined, 1.5);
    expect(first(pool.url, '')).toBe('Pool is required');
    expect(first(pool.url, 'https://pool.example.com')).toBe('Must be a valid url');
    expect(first(pool.account, 'my_acc')).toBe('Only letters, numbers and dot');
    expect(first(pool.worker, 'w1')).toBe('Minimum 3 characters');
    expect(first(pool.fee, '')).toBe('Fee is required');
    expect(first(pool.fee, '2.555')).toBe('Maximum 2 decimal places');
    expect(first(pool.fee, 1)).toBe('Cannot be less than 1.5');
    expect(first(pool.fee, 2)).toBeUndefined();
    expect(first(pool.fake_fee, '')).toBeUndefined();
    expect(first(pool.fake_fee, 100.5)).toBe('Enter a value from 0 to 100');
    expect(first(poolValidators().fee, 0)).toBeUndefined();
  });

  it('a pool alias is one line of text: no line or paragraph separator, no control character (issue 36)', () => {
    const { alias } = poolValidators();
    for (const bad of [
      'F2\u2028Pool',
      'F2\u2029Pool',
      'F2\u0085Pool',
      'F2\nPool',
      'F2\u001bPool',
      'F2\u202ePool',
    ])
      expect(first(alias, bad), JSON.stringify(bad)).toBe('No line breaks or control characters');
    expect(first(alias, 'Пул «Север» #1')).toBeUndefined();
    expect(first(alias, '')).toBeUndefined();
  });

  it('fee slot fields are required only once something is typed in the slot', () => {
    const slot = (all: Partial<BuildFormValues>) => all.fee_pools_configs?.[0];
    const pool = poolValidators(slot);
    const blank = { fee_pools_configs: [emptyPool()] };
    expect(first(pool.url, '', blank)).toBeUndefined();
    const typed = { fee_pools_configs: [{ ...emptyPool(), account: 'acc' }] };
    expect(first(pool.url, '', typed)).toBe('Pool is required');
    expect(first(pool.fee, '', typed)).toBe('Fee is required');
  });

  it('total fee: at most 100 and not below the partner’s minimum', () => {
    const values = splitPools(build.fee_pools_configs);
    expect(totalFeeError(values, 0)).toBeUndefined();
    values.fee_pools_configs[0].fee = 98.5;
    expect(text(totalFeeError(values, 0))).toBe('Total fee cannot be more than 100');
    values.fee_pools_configs[0].fee = 0;
    expect(text(totalFeeError(values, 3))).toBe('Cannot be less than 3');
  });

  it('a build logo needs both images', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const base = { logoSelect: 'build_logo' as const, savedLogoID: null };
    expect(text(logoFilesError({ ...base, customLogoFiles: { image_le: file, image_de: null } }))).toBe(
      'Please upload both logotypes',
    );
    expect(text(logoFilesError({ ...base, customLogoFiles: { image_le: null, image_de: null } }))).toBe(
      'Please upload both logotypes',
    );
    expect(logoFilesError({ ...base, customLogoFiles: { image_le: file, image_de: file } })).toBeUndefined();
    // The build's own pair is kept when no new file is chosen.
    expect(
      logoFilesError({ ...base, savedLogoID: 42, customLogoFiles: { image_le: null, image_de: null } }),
    ).toBeUndefined();
    expect(
      logoFilesError({
        logoSelect: 'default',
        savedLogoID: null,
        customLogoFiles: { image_le: null, image_de: null },
      }),
    ).toBeUndefined();
  });
});
