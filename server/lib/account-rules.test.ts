import { describe, expect, it } from 'vitest';
import { emailIssue, passwordIssue } from './account-rules';

describe('emailIssue', () => {
  it('accepts ordinary addresses, local hosts included', () => {
    expect(emailIssue('partner@example.com')).toBeUndefined();
    expect(emailIssue('admin@localhost')).toBeUndefined();
    expect(emailIssue(' Mixed.Case@Example.COM ')).toBeUndefined();
  });

  it('names Cyrillic before the format', () => {
    expect(emailIssue('почта@example.com')).toBe('Cyrillic symbols are not allowed');
    expect(emailIssue('user@пример.рф')).toBe('Cyrillic symbols are not allowed');
    expect(emailIssue('userё')).toBe('Cyrillic symbols are not allowed');
  });

  it('refuses malformed and overlong addresses', () => {
    for (const bad of ['', 'no-at-sign', 'a@', '@b.c', 'a b@c.d', `${'a'.repeat(250)}@b.cd`]) {
      expect(emailIssue(bad), bad).toBe('Invalid email');
    }
  });
});

describe('passwordIssue', () => {
  it('wants 8 to 32 characters, counted as the user sees them', () => {
    expect(passwordIssue('1234567')).toBe('Password length must be from 8 to 32 characters');
    expect(passwordIssue('12345678')).toBeUndefined();
    expect(passwordIssue('x'.repeat(32))).toBeUndefined();
    expect(passwordIssue('x'.repeat(33))).toBe('Password length must be from 8 to 32 characters');
    expect(passwordIssue('😀'.repeat(8))).toBeUndefined();
  });
});
