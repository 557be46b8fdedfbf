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
  const headers = {
    'content-type': 'application/json',
    cookie,
    'x-xsrf-token': decodeURIComponent(cookie.split('=')[1]),
  };
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify(account),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  return {
    token,
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}
