/** A signed-in API session for e2e set-up, as the browser makes it: the XSRF cookie and header, a bearer token. */
export interface ApiSession {
  token: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

export async function apiSession(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<ApiSession> {
  const xsrf = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = (xsrf.headers.get('set-cookie') ?? '').split(';')[0];
  const xsrfHeaders = { cookie, 'x-xsrf-token': decodeURIComponent(cookie.split('=')[1]) };
  // Fastify refuses an empty body announced as JSON: the content type goes only with a body.
  const json = (body: unknown) =>
    body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };

  // Only the two fields: an account may carry more (newPartner's id), which the server refuses.
  const credentials = { email: account.email, password: account.password };
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { ...xsrfHeaders, ...json(credentials).headers },
    body: json(credentials).body,
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  return {
    token,
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: { ...xsrfHeaders, authorization: `Bearer ${token}`, ...json(body).headers },
        body: json(body).body,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/**
 * A partner of the test's own, made by the admin through the API, for a test where adding a partner in the UI
 * is not what it tests (issue 40: no test relies on a partner an earlier test made, or on its password).
 */
export async function newPartner(
  baseUrl: string,
  admin: { email: string; password: string },
  partner: { email: string; worker: string; password: string },
): Promise<{ id: number; email: string; password: string }> {
  const api = await apiSession(baseUrl, admin);
  const { id } = await api.call<{ id: number }>('POST', '/admin/users', partner);
  return { id, email: partner.email, password: partner.password };
}
