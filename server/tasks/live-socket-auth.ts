import type { WebSocket } from '@fastify/websocket';
import { CLOSE_TRY_AGAIN, LIVE_AUTH_TIMEOUT_MS, tokenOfLiveAuth } from '../../contract/live-socket';
import { HttpError } from '../platform/http/http-errors';
import { CLOSE_NOT_ALLOWED, CLOSE_SESSION_ENDED } from './live-socket-sessions';

const CLOSE_REASONS: Record<number, string> = {
  [CLOSE_SESSION_ENDED]: 'Not authenticated',
  [CLOSE_NOT_ALLOWED]: 'Not allowed',
  [CLOSE_TRY_AGAIN]: 'Try again later',
};

/**
 * The close code for a sign-in that failed: the API's 401 and 403 as the socket's 4401 and 4403 (the console
 * signs out on those); anything else (the database away) is no verdict on the session, so the client retries.
 */
export function closeCodeForFailedSignIn(error: unknown): number {
  if (error instanceof HttpError && error.statusCode === 403) return CLOSE_NOT_ALLOWED;
  if (error instanceof HttpError && error.statusCode === 401) return CLOSE_SESSION_ENDED;
  return CLOSE_TRY_AGAIN;
}

/**
 * The live socket signs in by its first message, `{"type":"auth","token":"<access token>"}`, never by its url
 * (issue 43): browsers cannot set a WebSocket's headers, and a token in the query lands in every balancer's
 * access log. A first message needs no state shared between instances, which a single-use ticket would.
 *
 * Waits for the socket's first message and signs it in with `signIn`; closes it with 4401 when that message
 * is not an auth message or does not come within LIVE_AUTH_TIMEOUT_MS, and with closeCodeForFailedSignIn's code
 * when the token is refused. `onSignedIn` runs only for a socket still open.
 */
export function awaitSignIn<T>(
  socket: WebSocket,
  signIn: (token: string) => Promise<T>,
  onSignedIn: (signedIn: T) => void,
  onError: (error: unknown) => void,
): void {
  const timer = setTimeout(
    () => socket.close(CLOSE_SESSION_ENDED, 'Not authenticated'),
    LIVE_AUTH_TIMEOUT_MS,
  );
  timer.unref();
  socket.on('close', () => clearTimeout(timer));
  socket.once('message', (data: unknown) => {
    clearTimeout(timer);
    const token = tokenOfLiveAuth(data);
    if (token === undefined) {
      socket.close(CLOSE_SESSION_ENDED, 'Not authenticated');
      return;
    }
    signIn(token).then(
      (signedIn) => {
        if (socket.readyState === socket.OPEN) onSignedIn(signedIn);
      },
      (error) => {
        const code = closeCodeForFailedSignIn(error);
        if (code === CLOSE_TRY_AGAIN) onError(error);
        socket.close(code, CLOSE_REASONS[code]);
      },
    );
  });
}
