import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminEmail: 'admin@localhost',
      adminPassword: undefined,
      seedDemo: true,
      demoPassword: undefined,
      jwtSecret: undefined,
      tokenTtl: 43_200,
      trustProxy: false,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'secret123',
      SEED_DEMO: '0',
      DEMO_PASSWORD: 'demo1234',
      JWT_SECRET: 'k',
      TOKEN_TTL: '60',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      adminEmail: 'boss@example.com',
      adminPassword: 'secret123',
      seedDemo: false,
      demoPassword: 'demo1234',
      jwtSecret: 'k',
      tokenTtl: 60,
      trustProxy: true,
    });
  });

  it('treats empty values as unset and refuses nonsense numbers', () => {
    expect(loadConfig({ DATABASE_URL: '', SEED_DEMO: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ TOKEN_TTL: '-5' })).toThrow(/TOKEN_TTL/);
  });
});
