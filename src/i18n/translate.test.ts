import { describe, expect, it } from 'vitest';
import { loadMessages } from './messages';
import { translateWith } from './translate';

describe('the public pages translator', () => {
  it('reads our messages and react-admin’s, with %{tokens}', async () => {
    const t = translateWith(await loadMessages('en'), 'en');
    expect(t('app.auth.sign_in')).toBe('Sign in');
    expect(t('ra.input.password.toggle_hidden')).toBe('Show password');
    expect(t('app.auth.sent_to', { email: 'a@b.c' })).toContain('a@b.c');
  });

  it('falls back to `_` or the key itself, and picks plural forms like polyglot', () => {
    const t = translateWith({ n: 'one file |||| %{smart_count} files' } as never, 'en');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('missing.key', { _: 'Shown %{x}', x: 1 })).toBe('Shown 1');
    expect(t('n', { smart_count: 1 })).toBe('one file');
    expect(t('n', { smart_count: 3 })).toBe('3 files');
    const ru = translateWith(
      { n: '%{smart_count} файл |||| %{smart_count} файла |||| %{smart_count} файлов' } as never,
      'ru',
    );
    expect([1, 3, 5, 11, 21, 22].map((n) => ru('n', { smart_count: n }))).toEqual([
      '1 файл',
      '3 файла',
      '5 файлов',
      '11 файлов',
      '21 файл',
      '22 файла',
    ]);
  });

  it('reads Russian on top of English', async () => {
    const t = translateWith(await loadMessages('ru'), 'ru');
    expect(t('app.auth.sign_in')).toBe('Войти');
  });
});
