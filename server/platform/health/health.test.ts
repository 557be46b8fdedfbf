import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const t = sharedWorld(createTestApp);

describe('health', () => {
  it('live answers ok without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('ready while shutting down', () => {
  it('answers 503 once the instance drains, so that a balancer stops sending to it; live stays ok', async () => {
    const own = await createTestApp({ db: t.handle });
    try {
      own.app.lifecycle.drain();
      const ready = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ detail: 'Shutting down' });
      const live = await own.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      // Requests are still answered while draining.
      const docs = await own.app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
