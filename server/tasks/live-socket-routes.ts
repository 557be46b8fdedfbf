import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WebSocket } from '@fastify/websocket';
import { Type } from 'typebox';
import { LIVE_AUTH_TIMEOUT_MS, LIVE_READY_MESSAGE } from '../../contract/live-socket';
import { errorResponses } from '../../contract/schemas/common-schemas';
import { findAccountsByIds } from '../accounts/accounts-repository';
import { BuildOwners } from '../builds/build-owners';
import { findBuildOwners } from '../builds/builds-repository';
import type { BuildEventMessage } from './build-events-bus';
import { awaitSignIn } from './live-socket-auth';
import { LiveSessions, scopeOf } from './live-socket-sessions';

// A client that does not read its socket is dropped rather than buffered without end.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const PING_MS = 30_000;

/** Sends frames already encoded, in one write (ws writes each frame at once; corking merges them). */
function sendAll(socket: WebSocket, frames: readonly Buffer[]): void {
  if (frames.length === 0) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  if (socket.readyState !== socket.OPEN) return;
  const tcp = socket._socket as { cork?: () => void; uncork?: () => void } | undefined;
  tcp?.cork?.();
  for (const data of frames) socket.send(data, { binary: false });
  tcp?.uncork?.();
}

/**
 * The live socket (spec §4, §7): admins and developers get every build's progress_build and log_build
 * messages; every other signed-in account gets those of its own builds only (issue 15), so a partner follows
 * a build as it happens rather than every 5 s. Messages come from this instance and, through the events bus,
 * from every other one. Browsers cannot set headers on a WebSocket, so the access token comes in the socket's
 * first message (live-socket-auth.ts), never in its url. A socket lives no longer than its session (LiveSessions): it is closed with 4401 or 4403
 * when its token expires or is revoked, or the account is blocked, removed or (following every build) no
 * longer an admin or developer, whichever instance made the change.
 */
const wsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = new LiveSessions({ load: (ids) => findAccountsByIds(app.db, ids), log: app.log });
  const owners = new BuildOwners((ids) => findBuildOwners(app.db, ids));
  // The account-change notices of every instance, the same ones that keep the account cache exact.
  const offAccounts = app.buildEvents.onAccountChanged((id) => void sessions.accountChanged(id));

  // One listener for all sockets: each message is serialised once, however many clients there are. Messages
  // of one tick (an agent's batch) go out together, one write per socket rather than one per message.
  const deliver = async (batch: BuildEventMessage[]) => {
    // Encoded once: a string would be converted to bytes again for every socket.
    const frames = batch.map((message) => Buffer.from(JSON.stringify(message)));
    for (const socket of sessions.followingEveryBuild()) sendAll(socket, frames);
    const following = sessions.followingOwnBuilds();
    if (following.size === 0) return;
    const ownerOf = await owners.of(batch.map((message) => message.fw_id));
    const byOwner = new Map<number, Buffer[]>();
    batch.forEach((message, i) => {
      const owner = ownerOf.get(message.fw_id);
      if (owner === undefined || !following.has(owner)) return;
      const ownFrames = byOwner.get(owner) ?? [];
      ownFrames.push(frames[i]);
      byOwner.set(owner, ownFrames);
    });
    // Read again after the wait: a socket closed meanwhile is no longer listed.
    for (const [owner, mine] of byOwner) {
      for (const socket of sessions.followingOwnBuilds().get(owner) ?? []) sendAll(socket, mine);
    }
  };
  let pending: BuildEventMessage[] = [];
  // Batches go out one after the other, so that a wait for owners never reorders them.
  let delivering = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    delivering = delivering
      .then(() => deliver(batch))
      .catch((error) => app.log.warn({ err: error }, 'Live socket delivery failed'));
  };
  const off = app.buildEvents.onEvent((message) => {
    if (sessions.size === 0) return;
    pending.push(message);
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
        summary:
          "Live build progress and log lines (WebSocket): every build's for admins and developers, one's own for others",
        description:
          'Sign in with the first message, {"type": "auth", "token": access token}, within ' +
          `${LIVE_AUTH_TIMEOUT_MS / 1000} s; the server answers {"type": "ready"}. A token in the url is refused ` +
          '(422): urls reach balancers\' access logs. Then messages: {"fw_id": build id, "type": ' +
          '"progress_build" | "log_build", "data": progress or line, "seq": place in the build log}. Admins and ' +
          "developers receive every build's messages, every other account those of its own builds. The server " +
          'closes the socket with 4401 when the token is bad, expires or is revoked (password change, removal), ' +
          '4403 when the account is blocked or, on a socket following every build, is no longer an admin or ' +
          'developer, and 1013 when it cannot check the token now (try again).',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: errorResponses(422),
      },
    },
    (socket: WebSocket) => {
      // Read before the token is checked, handed to `add` to catch an account change in between.
      let changeCountBefore = sessions.changeCount;
      awaitSignIn(
        socket,
        (token) => {
          changeCountBefore = sessions.changeCount;
          return app.signedInBy(token);
        },
        ({ account, expiresAt }) => {
          const session = {
            accountId: account.id,
            tokenVersion: account.token_version,
            expiresAt,
            scope: scopeOf(account),
          };
          sessions.add(socket, session, changeCountBefore);
          socket.send(LIVE_READY_MESSAGE);
        },
        (error) => app.log.warn({ err: error }, 'Live socket: could not check its token'),
      );
    },
  );
};

export default wsRoutes;
