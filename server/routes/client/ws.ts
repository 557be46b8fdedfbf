import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { type AccountRow, findAccountsByIds } from '../../db/accounts-repository';
import { forbidden } from '../../lib/http-errors';
import { errorResponses } from '../../schemas/common-schemas';
import { LiveSessions } from './ws-sessions';

/** A url fit for logs: the live socket's `token` query parameter masked. */
export const withoutToken = (url: string | undefined) => (url ?? '').replace(/([?&]token=)[^&]*/g, '$1***');

// A client that does not read its socket is dropped rather than buffered without end.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const PING_MS = 30_000;

const mayFollowEveryBuild = (account: Pick<AccountRow, 'is_admin' | 'is_developer'>) =>
  account.is_admin || account.is_developer;

/**
 * The live socket (spec §4, §7): admins and developers get every build's progress_build and log_build
 * messages, from this instance and, through the events bus, from every other one. Browsers cannot set
 * headers on a WebSocket, so the access token comes as the `token` query parameter. A socket lives no longer
 * than its session (LiveSessions): it is closed with 4401 or 4403 when its token expires or is revoked, or the
 * account is blocked, removed or no longer an admin or developer, whichever instance made the change.
 */
const wsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = new LiveSessions({
    load: (ids) => findAccountsByIds(app.db, ids),
    allowed: mayFollowEveryBuild,
    log: app.log,
  });
  // The account-change notices of every instance, the same ones that keep the account cache exact.
  const offAccounts = app.buildEvents.onAccountChanged((id) => void sessions.accountChanged(id));
  const changeCountAtUpgrade = new WeakMap<FastifyRequest, number>();
  // One listener for all sockets: each message is serialised once, however many clients there are. Messages
  // of one tick (an agent's batch) go out together, one write per socket rather than one per message.
  let pending: string[] = [];
  const flush = () => {
    // Encoded once: a string would be converted to bytes again for every socket.
    const batch = pending.map((text) => Buffer.from(text));
    pending = [];
    for (const socket of sessions.sockets()) {
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
    if (sessions.size === 0) return;
    pending.push(JSON.stringify(message));
    if (pending.length === 1) setImmediate(flush);
  });
  // Proxies close idle connections; a ping now and then keeps them open and finds dead peers. The accounts
  // are read again at the same pace, should a change notice ever be missed.
  const pinger = setInterval(() => {
    for (const socket of sessions.sockets()) socket.ping();
    void sessions.recheck();
  }, PING_MS);
  pinger.unref();
  app.addHook('onClose', async () => {
    off();
    offAccounts();
    clearInterval(pinger);
    sessions.closeAll(1001, 'Server shutting down');
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
          'before the upgrade. The server closes the socket with 4401 when the token expires or is revoked ' +
          '(password change, removal) and 4403 when the account is blocked or loses the role.',
        querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
        response: errorResponses(401, 403, 422),
      },
      preValidation: async (request) => {
        changeCountAtUpgrade.set(request, sessions.changeCount);
        // The same check as every other call, on the token from the query instead of the header.
        const token = (request.query as { token?: string }).token ?? '';
        request.headers.authorization = `Bearer ${token}`;
        await app.authenticate(request);
        if (!mayFollowEveryBuild(request.account)) {
          throw forbidden('The live socket is for admins and developers');
        }
      },
    },
    (socket: WebSocket, request) => {
      const session = {
        accountId: request.account.id,
        tokenVersion: request.account.token_version,
        expiresAt: request.tokenExpiresAt,
      };
      sessions.add(socket, session, changeCountAtUpgrade.get(request) ?? -1);
    },
  );
};

export default wsRoutes;
