import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      uploadSweep: { everyMs: 3_600_000 },
      databaseUrl: undefined,
      databaseConnectTimeoutMs: 60_000,
      adminEmail: 'admin@localhost',
      adminPassword: undefined,
      seedDemo: true,
      demoPassword: undefined,
      jwtSecret: undefined,
      tokenTtl: 43_200,
      apiTokenRateLimit: { max: 600, windowMs: 60_000 },
      webhooks: { allowedHosts: [] },
      trustProxy: false,
      smtpUrl: undefined,
      appUrl: 'http://127.0.0.1:8080',
      mailFrom: 'Firmware Console <no-reply@127.0.0.1>',
      queue: {},
      embeddedAgent: true,
      metricsToken: undefined,
      shutdownGraceMs: 10_000,
      buildEnv: [],
    });
  });

  it('reads BUILD_ENV, the variables passed to build scripts, and refuses the console’s own secrets', () => {
    expect(loadConfig({ BUILD_ENV: ' SDK_ROOT, CC ,,NPM_TOKEN' }).buildEnv).toEqual([
      'SDK_ROOT',
      'CC',
      'NPM_TOKEN',
    ]);
    expect(() => loadConfig({ BUILD_ENV: 'SDK_ROOT,JWT_SECRET' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ BUILD_ENV: 'database_url' })).toThrow(/database_url/);
    expect(() => loadConfig({ BUILD_ENV: 'NOT A NAME' })).toThrow(/BUILD_ENV/);
  });

  it('reads the operations settings (metrics token, shutdown grace)', () => {
    const config = loadConfig({ METRICS_TOKEN: ' scrape-me ', SHUTDOWN_GRACE_SECONDS: '3' });
    expect(config.metricsToken).toBe('scrape-me');
    expect(config.shutdownGraceMs).toBe(3000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });

  it('reads how often and from what age unfinished uploads are swept', () => {
    expect(loadConfig({}).uploadSweep).toEqual({ everyMs: 3_600_000 });
    expect(loadConfig({ UPLOAD_SWEEP_SECONDS: '60', UPLOAD_SWEEP_AGE_SECONDS: '7200' }).uploadSweep).toEqual({
      everyMs: 60_000,
      ageMs: 7_200_000,
    });
    expect(() => loadConfig({ UPLOAD_SWEEP_SECONDS: '0' })).toThrow(/UPLOAD_SWEEP_SECONDS/);
    expect(() => loadConfig({ UPLOAD_SWEEP_AGE_SECONDS: '-5' })).toThrow(/UPLOAD_SWEEP_AGE_SECONDS/);
  });

  it('reads the build queue settings (build agents)', () => {
    const config = loadConfig({
      LEASE_SECONDS: '2',
      CLAIM_WAIT_SECONDS: '0.5',
      MAX_ATTEMPTS: '4',
      EMBEDDED_AGENT: '0',
    });
    expect(config.queue).toEqual({ leaseMs: 2000, sweepMs: 500, claimWaitMs: 500, maxAttempts: 4 });
    expect(config.embeddedAgent).toBe(false);
    expect(() => loadConfig({ LEASE_SECONDS: '-1' })).toThrow(/LEASE_SECONDS/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      DATABASE_CONNECT_TIMEOUT: '5',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'secret123',
      SEED_DEMO: '0',
      DEMO_PASSWORD: 'demo1234',
      JWT_SECRET: 'k',
      TOKEN_TTL: '60',
      TRUST_PROXY: '1',
      SMTP_URL: 'smtp://mail.example.com:587',
      APP_URL: 'https://console.example.com/',
      MAIL_FROM: 'Console <robot@example.com>',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      databaseConnectTimeoutMs: 5000,
      adminEmail: 'boss@example.com',
      adminPassword: 'secret123',
      seedDemo: false,
      demoPassword: 'demo1234',
      jwtSecret: 'k',
      tokenTtl: 60,
      trustProxy: 1,
      smtpUrl: 'smtp://mail.example.com:587',
      appUrl: 'https://console.example.com',
      mailFrom: 'Console <robot@example.com>',
    });
  });

  it('derives the e-mailed links from HOST and PORT unless APP_URL is set', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).appUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ HOST: '::1' }).appUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ APP_URL: 'https://fw.example.com/console/' }).appUrl).toBe(
      'https://fw.example.com/console',
    );
    expect(() => loadConfig({ APP_URL: 'ftp://x' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });

  it('treats empty values as unset and refuses nonsense numbers', () => {
    expect(loadConfig({ DATABASE_URL: '', SEED_DEMO: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ TOKEN_TTL: '-5' })).toThrow(/TOKEN_TTL/);
  });

  // Issue 43: the signing key kept apart from the database (and so from its backups), as a mounted secret.
  it('reads the signing key from SIGNING_KEY_FILE, refusing it with SIGNING_KEY or when unreadable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'signing-key-'));
    try {
      const file = path.join(dir, 'signing.pem');
      const pem = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----';
      writeFileSync(file, `${pem}\n`);
      expect(loadConfig({ SIGNING_KEY_FILE: file }).signingKey).toBe(pem);
      expect(loadConfig({ SIGNING_KEY: pem }).signingKey).toBe(pem);
      expect(() => loadConfig({ SIGNING_KEY: pem, SIGNING_KEY_FILE: file })).toThrow(/not both/);
      expect(() => loadConfig({ SIGNING_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow(
        /SIGNING_KEY_FILE: cannot read .*missing\.pem/,
      );
      expect(() => loadConfig({ BUILD_ENV: 'SIGNING_KEY_FILE' })).toThrow(/SIGNING_KEY_FILE/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Issue 12: `1` meant "trust everything", so the client's own left-most X-Forwarded-For entry was its address.
  describe('TRUST_PROXY', () => {
    const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

    it('is off unless set', () => {
      for (const value of [undefined, '', '0', 'false', 'no', 'off']) expect(trust(value)).toBe(false);
    });

    it('takes a hop count: 1 is the one proxy in front, whose entry is the right-most', () => {
      expect(trust('1')).toBe(1);
      expect(trust(' 2 ')).toBe(2);
    });

    it('takes a list of proxy addresses and CIDR ranges', () => {
      expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
      expect(trust('10.0.0.0/8, 192.168.1.5,::1, fd00::/8')).toEqual([
        '10.0.0.0/8',
        '192.168.1.5',
        '::1',
        'fd00::/8',
      ]);
      expect(trust('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
      expect(trust('172.16.0.0/255.240.0.0')).toEqual(['172.16.0.0/255.240.0.0']);
    });

    it('refuses `true` (trusting every hop) and anything that is not an address, naming the variable', () => {
      for (const value of ['true', 'yes', 'on', 'TRUE'])
        expect(() => trust(value)).toThrow(/TRUST_PROXY=.*X-Forwarded-For the client writes itself/);
      for (const value of ['nginx', '10.0.0.0/33', '10.0.0/8', '1.5', '-1', ',', '::1/129'])
        expect(() => trust(value), value).toThrow(/TRUST_PROXY/);
    });
  });
});
