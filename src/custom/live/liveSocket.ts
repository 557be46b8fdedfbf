// The live socket (spec §4 Live socket, §7 WebSocket, §8 socket error): one reconnecting connection to
// /api/client/ws?token=… whose messages go into the live store. Plain functions, so they run without React.
import ReconnectingWebSocket, { type Options } from 'reconnecting-websocket';
import { debugLog } from '../../lib/debug';
import { parseLiveMessage } from './liveMessages';
import type { LiveStore } from './liveStore';
import { liveSocketUrl } from './socketUrl';

/**
 * The server's close codes for a socket whose session ended (server/routes/client/ws-sessions.ts): the token
 * expired or was revoked, or the account may no longer follow builds. The console treats them as the API's
 * 401 and 403.
 */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_NOT_ALLOWED = 4403;
export type SessionEndCode = typeof CLOSE_SESSION_ENDED | typeof CLOSE_NOT_ALLOWED;

export interface LiveSocketOptions {
  store: LiveStore;
  /** The access token, read again at every (re)connection. */
  getToken: () => string | null | undefined;
  /** A build reached 100 %: refresh its set, builds and tasks. */
  onFinished: (fwId: number) => void;
  /** The socket failed; called once per outage (again only after a connection succeeded). */
  onError: (event: unknown) => void;
  /** The server ended the session (4401, 4403): the socket stays closed; sign out as on a 401 or 403. */
  onSessionEnded: (code: SessionEndCode) => void;
  url?: (token: string) => string;
  /** Options of reconnecting-websocket (tests hand in their own WebSocket class). */
  socketOptions?: Options;
}

/** Connects and returns the function that disconnects (leaving the shell, logout). */
export function connectLiveSocket({
  store,
  getToken,
  onFinished,
  onError,
  onSessionEnded,
  url = liveSocketUrl,
  socketOptions,
}: LiveSocketOptions): () => void {
  // The token of the current connection: a 4401 for it is no sign-out when the console holds a newer one
  // (this tab changed the password, which ends every older token).
  let usedToken = '';
  const socket = new ReconnectingWebSocket(
    () => {
      usedToken = getToken() ?? '';
      return url(usedToken);
    },
    [],
    { maxReconnectionDelay: 15_000, ...socketOptions },
  );
  let reported = false;
  socket.addEventListener('open', () => {
    reported = false;
    store.connected();
  });
  socket.addEventListener('message', (event) => {
    const message = parseLiveMessage(event.data);
    if (!message) return;
    debugLog('live', message);
    if (store.dispatch(message)) onFinished(message.fw_id);
  });
  socket.addEventListener('error', (event) => {
    if (reported) return;
    reported = true;
    onError(event);
  });
  socket.addEventListener('close', (event) => {
    if (event.code !== CLOSE_SESSION_ENDED && event.code !== CLOSE_NOT_ALLOWED) return;
    const current = getToken();
    // reconnecting-websocket has already scheduled the next attempt; it goes ahead only with a newer token.
    if (event.code === CLOSE_SESSION_ENDED && current && current !== usedToken) return;
    socket.close();
    onSessionEnded(event.code);
  });
  return () => socket.close();
}
