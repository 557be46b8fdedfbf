// Issue 12, finding 5: the SPA and the API sent no CSP, no nosniff and no framing policy, so /login could be
// framed by another site (click-jacking). Every answer now carries them (by @fastify/helmet); HSTS only over
// https. That the console runs under this CSP without a violation is checked in Chromium
// (tests/e2e/security-headers.test.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, request, type TestApp } from '../test/helper';

let t: TestApp;
let behindProxy: TestApp;
let spaDir: string;

beforeAll(async () => {
  spaDir = await mkdtemp(path.join(tmpdir(), 'headers-spa-'));
  await mkdir(path.join(spaDir, 'assets'));
  await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(spaDir, 'assets', 'index-abc.js'), 'console.log(1)');
  t = await createTestApp({ spaDir });
  behindProxy = await createTestApp({ db: t.handle, spaDir, config: { trustProxy: 1 } });
});

afterAll(async () => {
  await behindProxy?.close();
  await t?.close();
  await rm(spaDir, { recursive: true, force: true });
});

/** The CSP as a map of directive to its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const answers = () => ({
  'the sign-in page': request(t.app, { url: '/login' }),
  'a console page': request(t.app, { url: '/firmwares/12' }),
  'a script of the SPA': request(t.app, { url: '/assets/index-abc.js' }),
  'an API answer': request(t.app, { url: '/api/health/live' }),
  'an API error': request(t.app, { url: '/api/client/account/info' }),
  'an unknown API path': request(t.app, { url: '/api/no-such-route' }),
  'a refused write': request(t.app, { method: 'POST', url: '/api/auth/sign-in', body: {}, xsrf: false }),
});

describe('security headers', () => {
  it('forbid framing, sniffing and referrers on every answer, pages and API alike', async () => {
    for (const [what, pending] of Object.entries(answers())) {
      const res = await pending;
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['referrer-policy'], what).toBe('same-origin');
      expect(csp(res).get('frame-ancestors'), what).toEqual(["'none'"]);
    }
  });

  it('send a strict CSP: scripts only from the console itself, no plugins, no inline handlers', async () => {
    const page = await request(t.app, { url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = csp(page);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // Emotion (MUI) injects <style> elements; images may be the page icon (data:) or an upload's preview (blob:).
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    for (const [name, sources] of policy) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      expect(sources, name).not.toContain('*');
      if (name !== 'style-src') expect(sources, name).not.toContain("'unsafe-inline'");
    }
  });

  it('send HSTS only over https: not on plain http, nor when an untrusted client claims https', async () => {
    expect((await request(t.app, { url: '/login' })).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await request(t.app, { url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const plain = await request(behindProxy.app, { url: '/login', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS on https answers (behind a trusted proxy), pages and API alike, with the other headers', async () => {
    for (const url of ['/login', '/api/health/live', '/api/client/account/info']) {
      const res = await request(behindProxy.app, { url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(csp(res).get('script-src'), url).toEqual(["'self'"]);
    }
  });
});
