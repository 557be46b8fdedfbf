import { describe, expect, it } from 'vitest';
import { Redactor, secretsOf } from './redact';

describe('Redactor', () => {
  it('masks the worker token, pool passwords and password-like settings', () => {
    const spec = {
      pools: [
        { url: 'stratum+tcp://user:s3cret-pass@pool.example:3333', password: 'hunter22' },
        { url: 'stratum+tcp://pool.example:3333' },
      ],
    };
    const redactor = new Redactor(['wk_TOKEN123', ...secretsOf(spec)]);
    expect(redactor.line('token wk_TOKEN123 sent')).toBe('token *** sent');
    expect(redactor.line('pool stratum+tcp://user:s3cret-pass@pool.example:3333')).toBe(
      'pool stratum+tcp://user:***@pool.example:3333',
    );
    expect(redactor.line('pass=hunter22 and "password": "other"')).toBe('pass=*** and "password": "***"');
    expect(redactor.line('Authorization: Bearer abc.def')).toBe('Authorization: Bearer ***');
    expect(redactor.line('nothing secret here')).toBe('nothing secret here');
  });

  it('clips very long lines', () => {
    expect(new Redactor([]).line('x'.repeat(5000)).length).toBeLessThanOrEqual(2001);
  });
});
