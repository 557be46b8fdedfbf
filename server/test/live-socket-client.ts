// Signing a live socket in as the console does (server/tasks/live-socket-auth.ts): the token goes in the
// first message, never in the url.
import { isLiveReady, liveAuthMessage } from '../../contract/live-socket';

/** What ws's WebSocket (app.injectWS) and Node's built-in one both offer. */
interface SocketLike {
  send(data: string): void;
  addEventListener(
    type: 'message' | 'close',
    listener: (event: { data?: unknown; code?: number }) => void,
  ): void;
  removeEventListener(
    type: 'message' | 'close',
    listener: (event: { data?: unknown; code?: number }) => void,
  ): void;
}

/** The auth message, as the console sends it. */
export const authMessage = liveAuthMessage;

/** Whether a message is the server's `ready` (tests that collect build messages leave it out). */
export const isReady = isLiveReady;

/**
 * Sends the auth message on an open socket; resolves when the server answers ready, rejects with the close code
 * (`closed 4401`) when it closes the socket instead.
 */
export function signInSocket(socket: SocketLike, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: { data?: unknown }) => {
      if (!isReady(event.data)) return;
      done();
      resolve();
    };
    const onClose = (event: { code?: number }) => {
      done();
      reject(new Error(`closed ${event.code}`));
    };
    const done = () => {
      socket.removeEventListener('message', onMessage);
      socket.removeEventListener('close', onClose);
    };
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', onClose);
    socket.send(authMessage(token));
  });
}
