import { describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_HASH_COST, passwordHashCost } from '../config';
import { hashPassword, verifyPassword } from './passwords';

// The test suites hash cheaply (vitest.config.ts sets ARGON2_*); these are the tests of the hashing itself.
describe('password hashing', () => {
  it("defaults to OWASP's argon2id baseline when nothing is configured", () => {
    expect(passwordHashCost({})).toEqual({ memoryCost: 19_456, timeCost: 2 });
  });

  it('hashes at production cost with argon2id, and verifies', async () => {
    const hashed = await hashPassword('correct horse 42', PRODUCTION_PASSWORD_HASH_COST);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'correct horse 42')).toBe(true);
    expect(await verifyPassword(hashed, 'correct horse 43')).toBe(false);
  });

  it('takes a lower cost from the environment, and a cheap hash still verifies', async () => {
    const cost = passwordHashCost({ ARGON2_MEMORY_KIB: '64', ARGON2_TIME_COST: '1' });
    expect(cost).toEqual({ memoryCost: 64, timeCost: 1 });
    const hashed = await hashPassword('correct horse 42', cost);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(hashed, 'correct horse 42')).toBe(true);
  });

  it('refuses a cost argon2 cannot use', () => {
    expect(() => passwordHashCost({ ARGON2_MEMORY_KIB: '4' })).toThrow(/ARGON2_MEMORY_KIB/);
    expect(() => passwordHashCost({ ARGON2_TIME_COST: '0' })).toThrow(/ARGON2_TIME_COST/);
  });
});
