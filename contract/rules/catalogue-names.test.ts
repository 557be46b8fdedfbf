import { describe, expect, it } from 'vitest';
import { catalogueCode, label, modelName, presetUrl, problems, seriesName } from './catalogue-names';

describe('catalogue names', () => {
  it('takes series of latin letters and digits, at most 10', () => {
    expect(seriesName('x19')).toBeUndefined();
    expect(seriesName('')).toBe('app.validation.required.name');
    expect(seriesName('x 19')).toBe('app.validation.latin_digits');
    expect(seriesName('серия')).toBe('app.validation.latin_digits');
    expect(seriesName('x1234567890')).toBe('app.validation.max_length_10');
  });

  it('takes models as vendors write them', () => {
    for (const name of ['S19 Pro', 'S17+', 'T2TH', 'S19k Pro', 'L9']) expect(modelName(name)).toBeUndefined();
    expect(modelName(' ')).toBe('app.validation.required.model');
    expect(modelName('S19 Pro ')).toBe('catalogue.validation.model_name');
    expect(modelName('S19/Pro')).toBe('catalogue.validation.model_name');
    expect(modelName('S'.repeat(41))).toEqual({
      message: 'catalogue.validation.max_length',
      args: { max: 40 },
    });
  });

  it('takes codes of lower-case latin letters, digits, _ and -', () => {
    expect(catalogueCode('amlogic')).toBeUndefined();
    expect(catalogueCode('nand_2')).toBeUndefined();
    expect(catalogueCode('Amlogic')).toBe('catalogue.validation.code');
    expect(catalogueCode('-sd')).toBe('catalogue.validation.code');
  });

  it('takes stratum urls for pool presets', () => {
    expect(presetUrl('stratum+tcp://btc.viabtc.io:3333')).toBeUndefined();
    expect(presetUrl('http://example.com')).toBe('app.validation.url');
    expect(presetUrl('')).toBe('app.validation.required.pool');
  });

  it('names the first problem of each field given', () => {
    expect(problems({ name: '', region: 'EU' }, { name: label(100), region: label(100, 'field') })).toEqual([
      { field: 'name', message: 'app.validation.required.name' },
    ]);
    expect(problems({}, { name: label(100) })).toEqual([]);
  });
});
