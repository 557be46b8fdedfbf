// The live socket (spec §4 Live socket, §7 WebSocket, §8 socket error): one reconnecting connection to
// /api/client/ws, signed in by its first message, whose messages go into the live store. Plain functions, so
// they run without React.
import ReconnectingWebSocket, { type Options } from 'reconnecting-websocket';
import { isLiveReady, liveAuthMessage } from '../../../contract/live-socket';
import { tokenRenewal as sessionTokenRenewal } from '../../authProvider/session';
import { debugLog } from '../../dataProvider/debug';
import { parseLiveMessage } from './liveMessages';
import type { LiveStore } from './liveStore';
import { liveSocketUrl } from './socketUrl';

/**
 * The server's close codes for a socket whose session ended (server/tasks/live-socket-sessions.ts): the token
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
  /** A password change of this tab under way, whose answer is the token to go on with (authProvider/session). */
  tokenRenewal?: () => Promise<unknown> | undefined;
  url?: () => string;
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
  tokenRenewal = sessionTokenRenewal,
  url = liveSocketUrl,
  socketOptions,
}: LiveSocketOptions): () => void {
  // A 4401 for the current connection's token is no sign-out when this tab holds, or is about to receive, a
  // newer one: its own password change ends every older token, and the server closes the socket before the
  // change's answer (the new token) arrives. The next connection then decides, with the newer token.
  let usedToken = '';
  let endedWith: SessionEndCode | undefined;
  const end = (code: SessionEndCode) => {
    socket.close();
    onSessionEnded(code);
  };
  const socket = new ReconnectingWebSocket(
    async () => {
      await tokenRenewal();
      const token = getToken() ?? '';
      // No newer token came: the session did end. close() stops the attempt before it connects.
      if (endedWith !== undefined && token === usedToken) end(endedWith);
      endedWith = undefined;
      usedToken = token;
      return url();
    },
    [],
    { maxReconnectionDelay: 15_000, ...socketOptions },
  );
  let reported = false;
  // The token this connection was opened for goes in its first message, never in its url, which balancers write
  // to their access logs (issue 43); the socket counts as connected once the server agrees.
  socket.addEventListener('open', () => socket.send(liveAuthMessage(usedToken)));
  socket.addEventListener('message', (event) => {
    if (isLiveReady(event.data)) {
      reported = false;
      store.connected();
      return;
    }
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
    store.disconnected();
    const code = event.code;
    if (code !== CLOSE_SESSION_ENDED && code !== CLOSE_NOT_ALLOWED) return;
    const current = getToken();
    if (code === CLOSE_SESSION_ENDED && (tokenRenewal() || (current && current !== usedToken))) {
      // reconnecting-websocket has already scheduled the next attempt: its address decides (above).
      endedWith = code;
      return;
    }
    end(code);
  });
  return () => socket.close();
}
