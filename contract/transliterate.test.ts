import { describe, expect, it } from 'vitest';
import { transliterate } from './transliterate';

describe('transliterate', () => {
  it('writes Cyrillic letters in Latin ones, keeping case and everything else', () => {
    expect(transliterate('ФермаБета')).toBe('FermaBeta');
    expect(transliterate('Щука Юг-1.Ёж')).toBe('Shchuka Iug-1.Ezh');
    expect(transliterate('Подъезд')).toBe('Podieezd');
    expect(transliterate('Farm 7')).toBe('Farm 7');
  });
});
