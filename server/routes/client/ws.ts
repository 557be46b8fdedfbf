import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WebSocket } from '@fastify/websocket';
import { Type } from 'typebox';
import { errorResponses } from '../../../contract/schemas/common-schemas';
import { forbidden } from '../../lib/http-errors';

/** A url fit for logs: the live socket's `token` query parameter masked. */
export const withoutToken = (url: string | undefined) => (url ?? '').replace(/([?&]token=)[^&]*/g, '$1***');

// A client that does not read its socket is dropped rather than buffered without end.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const PING_MS = 30_000;

/**
 * The live socket (spec §4, §7): admins and developers get every build's progress_build and log_build
 * messages, from this instance and, through the events bus, from every other one. Browsers cannot set
 * headers on a WebSocket, so the access token comes as the `token` query parameter.
 */
const wsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sockets = new Set<WebSocket>();
  // One listener for all sockets: each message is serialised once, however many clients there are. Messages
  // of one tick (an agent's batch) go out together, one write per socket rather than one per message.
  let pending: string[] = [];
  const flush = () => {
    // Encoded once: a string would be converted to bytes again for every socket.
    const batch = pending.map((text) => Buffer.from(text));
    pending = [];
    for (const socket of sockets) {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else if (socket.readyState === socket.OPEN) {
        // ws writes each frame to the TCP socket at once; corking the socket merges them into one write.
        const tcp = socket._socket as { cork?: () => void; uncork?: () => void } | undefined;
        tcp?.cork?.();
        for (const data of batch) socket.send(data, { binary: false });
        tcp?.uncork?.();
      }
    }
  };
  const off = app.buildEvents.onEvent((message) => {
    if (sockets.size === 0) return;
    pending.push(JSON.stringify(message));
    if (pending.length === 1) setImmediate(flush);
  });
  // Proxies close idle connections; a ping now and then keeps them open and finds dead peers.
  const pinger = setInterval(() => {
    for (const socket of sockets) socket.ping();
  }, PING_MS);
  pinger.unref();
  app.addHook('onClose', async () => {
    off();
    clearInterval(pinger);
    for (const socket of sockets) socket.close(1001, 'Server shutting down');
  });

  app.get(
    '/client/ws',
    {
      websocket: true,
      config: { public: true },
      schema: {
        tags: ['tasks'],
        summary: 'Live build progress and log lines (WebSocket; admins and developers)',
        description:
          'Messages: {"fw_id": build id, "type": "progress_build" | "log_build", "data": progress or line, ' +
          '"seq": place in the build log}. The access token goes in the query; others are refused with 401/403 ' +
          'before the upgrade.',
        querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
        response: errorResponses(401, 403, 422),
      },
      preValidation: async (request) => {
        // The same check as every other call, on the token from the query instead of the header.
        const token = (request.query as { token?: string }).token ?? '';
        request.headers.authorization = `Bearer ${token}`;
        await app.authenticate(request);
        if (!request.account.is_admin && !request.account.is_developer) {
          throw forbidden('The live socket is for admins and developers');
        }
      },
    },
    (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => sockets.delete(socket));
    },
  );
};

export default wsRoutes;
