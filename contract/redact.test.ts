import { describe, expect, it } from 'vitest';
import { Redactor, secretsOf, secretsOfEnvironment } from './redact';

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

describe('Redactor and the secrets a process holds (issue 12, finding 4)', () => {
  it('masks a setting whose name holds a secret word anywhere, as `env` prints it', () => {
    const redactor = new Redactor([]);
    expect(redactor.line('ADMIN_PASSWORD=hunter2-admin')).toBe('ADMIN_PASSWORD=***');
    expect(redactor.line('JWT_SECRET=abc.def.ghi')).toBe('JWT_SECRET=***');
    expect(redactor.line('METRICS_TOKEN=scrape-me')).toBe('METRICS_TOKEN=***');
    expect(redactor.line('export AWS_SECRET_ACCESS_KEY="wJalrXUt"')).toBe(
      'export AWS_SECRET_ACCESS_KEY="***"',
    );
    expect(redactor.line('{"api_key": "k-123", "smtp_credentials": "c"}')).toBe(
      '{"api_key": "***", "smtp_credentials": "***"}',
    );
    expect(redactor.line('DATABASE_URL=postgres://app:pg-pass@db:5432/app')).toBe(
      'DATABASE_URL=postgres://app:***@db:5432/app',
    );
    expect(redactor.line('Building S19 1.0.0, attempt 1')).toBe('Building S19 1.0.0, attempt 1');
  });

  it('masks the values of secrets wherever they occur, even inside other text', () => {
    const redactor = new Redactor(['hunter2-admin', 'postgres://app:pg-pass@db:5432/app']);
    expect(redactor.line('debug: admin is hunter2-admin!')).toBe('debug: admin is ***!');
    expect(redactor.line('x=prefixhunter2-adminsuffix')).toBe('x=prefix***suffix');
    expect(redactor.line('connecting to postgres://app:pg-pass@db:5432/app now')).toBe(
      'connecting to *** now',
    );
  });

  it('finds the secrets of an environment by the names of its variables', () => {
    const secrets = secretsOfEnvironment({
      ADMIN_PASSWORD: 'admin-pass-1',
      DEMO_PASSWORD: 'demo-pass-1',
      JWT_SECRET: 'jwt-secret-value',
      METRICS_TOKEN: 'metrics-token-1',
      GITHUB_TOKEN: 'ghp_abcdef',
      AWS_SECRET_ACCESS_KEY: 'aws-secret-1',
      SMTP_CREDENTIALS: 'user:pw-1234',
      DATABASE_URL: 'postgres://app:pg-pass@db:5432/app',
      PATH: '/usr/bin:/bin',
      HOME: '/home/agent',
      PWD: '/srv/console',
      KEYTIMEOUT: '1',
      USE_KEYRING: 'true',
      npm_package_keywords_0: 'firmware',
    });
    expect(secrets).toEqual(
      expect.arrayContaining([
        'admin-pass-1',
        'demo-pass-1',
        'jwt-secret-value',
        'metrics-token-1',
        'ghp_abcdef',
        'aws-secret-1',
        'user:pw-1234',
        'pg-pass',
      ]),
    );
    for (const setting of ['/usr/bin:/bin', '/home/agent', '/srv/console', '1', 'true', 'firmware'])
      expect(secrets).not.toContain(setting);
  });

  it("masks the build's uuid in any spelling", () => {
    const uuid = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const redactor = new Redactor([], [uuid]);
    expect(redactor.line(`Packed ${uuid}.tar.gz`)).toBe('Packed ***.tar.gz');
    expect(redactor.line(`run dir /w/runs/${uuid}-1-abc`)).toBe('run dir /w/runs/***-1-abc');
    expect(redactor.line(uuid.toUpperCase())).toBe('***');
    expect(redactor.line(uuid.replace(/-/g, ''))).toBe('***');
    expect(redactor.line('3f1c2d4e-0000-4c7d-8e9f-0a1b2c3d4e5f')).toBe(
      '3f1c2d4e-0000-4c7d-8e9f-0a1b2c3d4e5f',
    );
  });

  it('masks a secret across the clipping point and stays fast on a huge word', () => {
    const redactor = new Redactor(['hunter2-admin']);
    const line = redactor.line(`${'x'.repeat(1995)}hunter2-admin`);
    expect(line).not.toContain('hunte');
    expect(line.length).toBeLessThanOrEqual(2008);
    // Clipped to 2,000 characters with the log bounds' marker (issue 14), counting what was cut.
    expect(redactor.line('k'.repeat(100_000))).toBe(
      `${'k'.repeat(2000)} … [line truncated: 98,000 more characters]`,
    );
    expect(redactor.line('passkey'.repeat(20_000))).toMatch(
      / … \[line truncated: 138,000 more characters\]$/,
    );
  });
});
