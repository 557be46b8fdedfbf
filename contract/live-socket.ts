// The live socket's own messages, beside the build messages it carries (spec §7 WebSocket). The spec puts the
// access token in the socket's url; we send it as the socket's first message instead, since urls reach
// balancers' access logs (issue 43). Shared by the server (server/tasks/live-socket-auth.ts), the SPA
// (src/custom/live/liveSocket.ts) and the tests that open sockets.

/** The first message a client sends: it signs the socket in. */
export interface LiveAuthMessage {
  type: 'auth';
  token: string;
}

export const liveAuthMessage = (token: string): string =>
  JSON.stringify({ type: 'auth', token } satisfies LiveAuthMessage);

/** The server's answer once the token passed; build messages follow it. */
export const LIVE_READY_MESSAGE = '{"type":"ready"}';

export const isLiveReady = (data: unknown): boolean => String(data) === LIVE_READY_MESSAGE;

/** How long a socket may stay open without signing in. */
export const LIVE_AUTH_TIMEOUT_MS = 10_000;

/** The close code of a socket whose token the server could not check now (its database away): try again. */
export const CLOSE_TRY_AGAIN = 1013;

/** The token a first message carries, or undefined when it is not an auth message. */
export function tokenOfLiveAuth(data: unknown): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(String(data));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, token } = value as Partial<Record<keyof LiveAuthMessage, unknown>>;
  return type === 'auth' && typeof token === 'string' && token !== '' ? token : undefined;
}
