// The live socket (spec §4 Live socket, §7 WebSocket, §8 socket error): one reconnecting connection to
// /api/client/ws?token=… whose messages go into the live store. Plain functions, so they run without React.
import ReconnectingWebSocket, { type Options } from 'reconnecting-websocket';
import { debugLog } from '../../lib/debug';
import { parseLiveMessage } from './liveMessages';
import type { LiveStore } from './liveStore';
import { liveSocketUrl } from './socketUrl';

export interface LiveSocketOptions {
  store: LiveStore;
  /** The access token, read again at every (re)connection. */
  getToken: () => string | null | undefined;
  /** A build reached 100 %: refresh its set, builds and tasks. */
  onFinished: (fwId: number) => void;
  /** The socket failed; called once per outage (again only after a connection succeeded). */
  onError: (event: unknown) => void;
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
  url = liveSocketUrl,
  socketOptions,
}: LiveSocketOptions): () => void {
  const socket = new ReconnectingWebSocket(() => url(getToken() ?? ''), [], {
    maxReconnectionDelay: 15_000,
    ...socketOptions,
  });
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
  return () => socket.close();
}
