// Issue 43 §2.9 and §2.4: request ids unique per request, a trusted proxy's taken, returned and in every line
// of the request, each request logged once; and a warning when an untrusted peer sends X-Forwarded-For.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { loggerOptions } from '../../logger-options';
import { createTestApp, type TestAppOptions } from '../../test/helper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A test app whose log lines are collected, parsed, in `lines()`. */
async function appWithLog(config: Partial<Config>, extend?: TestAppOptions['extend']) {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  const t = await createTestApp({ config, logger: { ...loggerOptions('info'), stream }, extend });
  const lines = () =>
    written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { t, lines };
}

describe('request ids', () => {
  it('gives each request a new UUID, returns it, puts it on every line of the request, and logs it once', async () => {
    const { t, lines } = await appWithLog({ trustProxy: false }, (app) => {
      app.get('/test/logs', async (request) => {
        request.log.info('inside the handler');
        return { ok: true };
      });
    });
    try {
      const first = await t.app.inject({ url: '/test/logs' });
      // A client's own id is not believed: it could pass its requests off as someone else's.
      const second = await t.app.inject({
        url: '/test/logs',
        headers: { 'x-request-id': 'chosen-by-client' },
      });
      const missing = await t.app.inject({ url: '/api/no-such-route' });
      const ids = [first, second, missing].map((res) => String(res.headers['x-request-id']));
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(3);
      const [firstId] = ids;
      const ofFirst = lines().filter((line) => line.reqId === firstId);
      expect(ofFirst.map((line) => line.msg)).toEqual(['inside the handler', 'request completed']);
      expect(ofFirst[1]).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/test/logs' },
        res: { statusCode: 200 },
      });
      expect(lines().filter((line) => line.msg === 'incoming request')).toEqual([]);
      expect(
        lines()
          .filter((line) => line.reqId === ids[2])
          .map((line) => line.msg),
      ).toEqual(['request completed']);
    } finally {
      await t.close();
    }
  });

  it("takes a trusted proxy's X-Request-Id when it is well formed, and no one else's", async () => {
    const { t, lines } = await appWithLog({ trustProxy: ['10.0.0.10'] });
    try {
      const fromProxy = await t.app.inject({
        url: '/api/health/live',
        remoteAddress: '10.0.0.10',
        headers: { 'x-request-id': '4f1c0e2a9b7d4c3e8a6f5b2d1c0e9f8a' },
      });
      expect(fromProxy.headers['x-request-id']).toBe('4f1c0e2a9b7d4c3e8a6f5b2d1c0e9f8a');
      expect(lines().some((line) => line.reqId === '4f1c0e2a9b7d4c3e8a6f5b2d1c0e9f8a')).toBe(true);
      const forged = await t.app.inject({
        url: '/api/health/live',
        remoteAddress: '10.0.0.10',
        headers: { 'x-request-id': 'a"b\\n{"level":60}' },
      });
      expect(forged.headers['x-request-id']).toMatch(UUID);
      const tooLong = await t.app.inject({
        url: '/api/health/live',
        remoteAddress: '10.0.0.10',
        headers: { 'x-request-id': 'x'.repeat(129) },
      });
      expect(tooLong.headers['x-request-id']).toMatch(UUID);
      const stranger = await t.app.inject({
        url: '/api/health/live',
        remoteAddress: '10.0.0.99',
        headers: { 'x-request-id': 'abc-123' },
      });
      expect(stranger.headers['x-request-id']).toMatch(UUID);
    } finally {
      await t.close();
    }
  });
});

describe('X-Forwarded-For from a peer TRUST_PROXY does not name', () => {
  it('is warned about once, naming the peer and the setting', async () => {
    const { t, lines } = await appWithLog({ trustProxy: ['10.0.0.10'] });
    try {
      const forwarded = { 'x-forwarded-for': '203.0.113.7' };
      await t.app.inject({ url: '/api/health/live', remoteAddress: '10.0.0.10', headers: forwarded });
      expect(lines().filter((line) => line.level === 40)).toEqual([]);
      for (let i = 0; i < 3; i++)
        await t.app.inject({ url: '/api/health/live', remoteAddress: '10.0.0.11', headers: forwarded });
      const warnings = lines().filter((line) => line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ peer: '10.0.0.11', ignored: 1 });
      expect(String(warnings[0].msg)).toContain('X-Forwarded-For from 10.0.0.11');
      expect(String(warnings[0].msg)).toContain('TRUST_PROXY=10.0.0.10');
    } finally {
      await t.close();
    }
  });
});
