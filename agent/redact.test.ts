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

  it('clips very long lines after masking, with a marker saying how much was cut', () => {
    expect(new Redactor([]).line('x'.repeat(5000))).toBe(
      `${'x'.repeat(2000)} … [line truncated: 3,000 more characters]`,
    );
    // A secret across the cut is masked whole before the cut.
    const secret = 'hunter-secret';
    const line = new Redactor([secret]).line(`${'x'.repeat(1995)}${secret}${'y'.repeat(100)}`);
    expect(line).not.toContain('hunter');
    expect(line.startsWith(`${'x'.repeat(1995)}***`)).toBe(true);
  });
});
