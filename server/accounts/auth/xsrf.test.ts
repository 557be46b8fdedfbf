import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../platform/db/schema';
import { createSignedIn, createTestApp, expectError, request, TEST_XSRF } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const t = sharedWorld(createTestApp);

function xsrfCookie(res: {
  cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
}) {
  return res.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
}

describe('GET /api/auth/xsrf', () => {
  it('answers 204 and sets a readable XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/xsrf' });
    expect(res.statusCode).toBe(204);
    const cookie = xsrfCookie(res);
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
  });

  it('leaves an existing cookie alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/xsrf',
      cookies: { 'XSRF-TOKEN': 'kept' },
    });
    expect(res.statusCode).toBe(204);
    expect(xsrfCookie(res)).toBeUndefined();
  });

  it('sets the cookie on other responses too, errors included', async () => {
    expect(xsrfCookie(await t.app.inject({ method: 'GET', url: '/api/health/live' }))).toBeDefined();
    expect(xsrfCookie(await t.app.inject({ method: 'GET', url: '/api/client/account/info' }))).toBeDefined();
  });
});

describe('XSRF check on writes', () => {
  const patch = (token: string, extra: { cookie?: string; header?: string }) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/client/account/info',
      headers: {
        authorization: `Bearer ${token}`,
        ...(extra.header ? { 'x-xsrf-token': extra.header } : {}),
      },
      cookies: extra.cookie ? { 'XSRF-TOKEN': extra.cookie } : {},
      payload: { language: 'ru' },
    });

  async function languageOf(id: number) {
    const [row] = await t.db
      .select({ language: accounts.language })
      .from(accounts)
      .where(eq(accounts.id, id));
    return row.language;
  }

  it('refuses a write without the header, and writes nothing', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    expectError(await patch(token, { cookie: TEST_XSRF }), 403, 'CSRF token missing or invalid');
    expectError(await patch(token, {}), 403, 'CSRF token missing or invalid');
    expect(await languageOf(account.id)).toBe('en');
  });

  it('refuses a header that does not match the cookie', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    expectError(await patch(token, { cookie: TEST_XSRF, header: 'something-else' }), 403);
    expectError(await patch(token, { header: TEST_XSRF }), 403);
    expect(await languageOf(account.id)).toBe('en');
  });

  it('accepts a matching pair', async () => {
    const { account, token } = await createSignedIn(t.app, t.db);
    expect((await patch(token, { cookie: TEST_XSRF, header: TEST_XSRF })).statusCode).toBe(200);
    expect(await languageOf(account.id)).toBe('ru');
  });

  it('guards sign-in too', async () => {
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: 'a@example.test', password: 'x' },
      xsrf: false,
    });
    expectError(res, 403, 'CSRF token missing or invalid');
  });

  it('does not apply to build-agent paths, which check their worker token instead', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/agent/jobs/claim', payload: {} });
    expectError(res, 401, 'Worker token required');
  });
});
