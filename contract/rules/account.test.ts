import { describe, expect, it } from 'vitest';
import { englishOf as say } from '../english';
import { bothLogos, email, emailDiffers, partnerWorker, passwordLength, sshKeyErrors } from './account';

describe('e-mail', () => {
  it('accepts ordinary addresses, local hosts included', () => {
    for (const ok of ['partner@example.com', 'admin@localhost', ' Mixed.Case@Example.COM ', '']) {
      expect(email()(ok), ok).toBeUndefined();
    }
  });

  it('names Cyrillic before the format', () => {
    for (const bad of ['почта@example.com', 'user@пример.рф', 'userё', 'юзер@example.com']) {
      expect(say(email()(bad)), bad).toBe('Cyrillic symbols are not allowed');
    }
  });

  it('refuses malformed and overlong addresses', () => {
    for (const bad of ['nope', 'no-at-sign', 'a@', '@b.c', 'a b@c.d', `${'a'.repeat(250)}@b.cd`]) {
      expect(say(email()(bad)), bad).toBe('Invalid email');
    }
    expect(say(email('correct')('a@b..c'))).toBe('Please input correct email address');
  });

  it('a new address differs from the current one', () => {
    expect(say(emailDiffers('me@example.com')('Me@example.com'))).toBe('email is the same');
    expect(emailDiffers('me@example.com')('you@example.com')).toBeUndefined();
  });
});

describe('password', () => {
  it('wants 8 to 32 characters, counted as the user sees them', () => {
    const message = 'Password length must be from 8 to 32 characters';
    expect(say(passwordLength('1234567'))).toBe(message);
    expect(passwordLength('12345678')).toBeUndefined();
    expect(passwordLength('x'.repeat(32))).toBeUndefined();
    expect(say(passwordLength('x'.repeat(33)))).toBe(message);
    expect(passwordLength('😀'.repeat(8))).toBeUndefined();
    expect(say(passwordLength('   '))).toBe(message);
  });
});

describe('a partner’s worker', () => {
  it('is required, at least 3 letters, digits and _', () => {
    expect(say(partnerWorker(''))).toBe('Worker is required');
    expect(say(partnerWorker('ab'))).toBe('Minimum 3 characters');
    expect(say(partnerWorker('a.b'))).toBe('Only letters, numbers and _');
    expect(partnerWorker('north_1')).toBeUndefined();
  });
});

describe('logos and SSH keys', () => {
  it('logos come in pairs', () => {
    expect(say(bothLogos('light.png', undefined))).toBe('Please upload both logotypes');
    expect(bothLogos('light.png', 'dark.png')).toBeUndefined();
    expect(bothLogos(undefined, undefined)).toBeUndefined();
  });

  it('ssh keys: non-empty, unique names and keys', () => {
    const errors = sshKeyErrors([
      { name: 'laptop', key: 'ssh-ed25519 AAA' },
      { name: 'laptop', key: 'ssh-ed25519 BBB' },
      { name: '', key: 'ssh-ed25519 BBB' },
    ]);
    expect(errors.map((e) => [say(e.name), say(e.key)])).toEqual([
      ['key name is duplicated', undefined],
      ['key name is duplicated', 'key is duplicated'],
      ['min len 1', 'key is duplicated'],
    ]);
  });

  it('ssh keys: names and keys are one line of text each, as authorized_keys holds them (issue 36)', () => {
    const errors = sshKeyErrors([
      { name: 'lap\u2028top', key: 'ssh-ed25519 AAA me\u0085x' },
      { name: 'desk', key: 'ssh-ed25519 BBB' },
    ]);
    expect(errors.map((e) => [say(e.name), say(e.key)])).toEqual([
      ['No line breaks or control characters', 'No line breaks or control characters'],
      [undefined, undefined],
    ]);
  });
});
