// Issue 12, finding 3: the XSRF check must hold for the route as routed. The router decodes
// percent-encoded paths (`/%61pi/admin/users` is `/api/admin/users`), so a check on the raw URL was skipped
// by any spelling other than the plain one.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../platform/db/schema';
import { createSignedIn, createTestApp, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const t = sharedWorld(createTestApp);

let adminToken: string;

beforeAll(async () => {
  adminToken = (await createSignedIn(t.app, t.db, { role: 'admin' })).token;
});

// Spellings of POST /api/admin/users a browser could be made to send from another site.
const SPELLINGS = [
  '/api/admin/users',
  '/%61pi/admin/users',
  '/%61%70%69/admin/users',
  '/api/%61dmin/users',
  '/api/admin/%75sers',
  '/api/admin/users?x=/api/',
  '/%2561pi/admin/users',
  '//api/admin/users',
  '/api//admin/users',
  '/API/admin/users',
  '/api/admin/users/',
  '/api/admin/users;x',
];

async function accountExists(email: string) {
  const rows = await t.db.select().from(accounts).where(eq(accounts.email, email));
  return rows.length > 0;
}

describe('the XSRF check, whatever the spelling of the path', () => {
  it.each(SPELLINGS)('POST %s without the XSRF header creates nothing', async (url) => {
    const email = `xsrf-${SPELLINGS.indexOf(url)}@example.test`;
    const res = await request(t.app, {
      method: 'POST',
      url,
      token: adminToken,
      body: { email, password: 'a long enough password 1', worker: 'xsrfworker' },
      xsrf: false,
    });
    // Refused as a forgery where a route answers it; a path no route answers is a plain 404.
    expect([403, 404], `${url}: ${res.body}`).toContain(res.statusCode);
    if (res.statusCode === 403) expect(res.json()).toEqual({ detail: 'CSRF token missing or invalid' });
    expect(await accountExists(email), url).toBe(false);
  });

  it('refuses the encoded spelling exactly as the plain one, and lets a matching token through', async () => {
    const email = 'xsrf-ok@example.test';
    const body = { email, password: 'a long enough password 1', worker: 'xsrfworker' };
    const refused = await request(t.app, {
      method: 'POST',
      url: '/%61pi/admin/users',
      token: adminToken,
      body,
      xsrf: false,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    const created = await request(t.app, {
      method: 'POST',
      url: '/%61pi/admin/users',
      token: adminToken,
      body,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await accountExists(email)).toBe(true);
  });

  it('guards every state-changing method, on the other routes too', async () => {
    for (const [method, url] of [
      ['PATCH', '/%61pi/client/account/info'],
      ['PUT', '/%61pi/admin/series-repository'],
      ['DELETE', '/%61pi/admin/user?id=1'],
      ['POST', '/%61pi/auth/sign-in'],
    ] as const) {
      const res = await request(t.app, { method, url, token: adminToken, body: {}, xsrf: false });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
  });

  it('still exempts the build agents routes (worker token, no cookies), however they are spelled', async () => {
    for (const url of ['/api/agent/jobs/claim', '/%61pi/agent/jobs/claim', '/api/%61gent/jobs/claim']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ detail: 'Worker token required' });
    }
  });
});
