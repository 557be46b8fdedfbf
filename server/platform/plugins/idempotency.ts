import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { claimKey, pruneKeys, releaseKey, storeAnswer } from '../db/idempotency-repository';
import { conflict } from '../http/http-errors';
import { ValidationFailedError } from '../http/validation-errors';
import { shownOnceFields, withoutShownOnce } from './shown-once-fields';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const PRUNE_MS = 60 * 60_000;

/**
 * `Idempotency-Key` on creating requests (issue 15): a signed-in account's POST that carries the header is done
 * once; a repeat with the same key within 24 h answers the first result (with `Idempotent-Replayed: true`)
 * instead of creating a second build or set, with the first answer's Location header (issue 38). Only successful answers are kept: after a refusal the same key
 * may be sent again. The same key on another request is refused (422), and one whose first request is still
 * running answers 409. Kept in the database, so every instance honours a key sent to another.
 *
 * A secret shown once (a response field marked shownOnce in the route's schema: an agent's token, an access
 * token) is left out of the kept answer (issue 36): never at rest here, and a repeat answers the result
 * without it. The repeat's client then knows the secret was already delivered; it cannot get it again (a
 * new agent token is a regeneration away).
 *
 * Registered inside the /api scope, after authentication (request.account is set by its onRequest hook).
 * There is no maintained Fastify plugin for this; the mechanism is a row per key, written around the handler.
 */
export function idempotency(app: FastifyInstance): void {
  const claimed = new WeakMap<FastifyRequest, { accountId: number; key: string; stored: boolean }>();
  const pruner = setInterval(() => void pruneKeys(app.db).catch(() => undefined), PRUNE_MS);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[HEADER];
    if (request.method !== 'POST' || key === undefined || request.routeOptions.config.public) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new ValidationFailedError([{ loc: ['header', HEADER], msg: 'Invalid Idempotency-Key' }]);
    }
    const accountId = request.account.id;
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('base64url');
    const first = await claimKey(app.db, accountId, key, fingerprint);
    if (first === true) {
      claimed.set(request, { accountId, key, stored: false });
      return;
    }
    if (first.request !== fingerprint) {
      throw new ValidationFailedError([
        { loc: ['header', HEADER], msg: 'This Idempotency-Key was used for another request' },
      ]);
    }
    if (first.status === null) throw conflict('The first request with this Idempotency-Key is still running');
    if (first.location !== null) reply.header('location', first.location);
    return reply
      .code(first.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(first.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claimed.get(request);
    if (!claim) return payload;
    claim.stored = true;
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const secrets = shownOnceFields(request.routeOptions.schema?.response, reply.statusCode);
      const kept = withoutShownOnce(String(payload ?? ''), secrets);
      const location = reply.getHeader('location');
      await storeAnswer(app.db, claim.accountId, claim.key, reply.statusCode, kept, {
        location: typeof location === 'string' ? location : null,
      });
    } else {
      await releaseKey(app.db, claim.accountId, claim.key);
    }
    return payload;
  });

  // A request cut before it answered (a dropped connection, a crash in a hook) leaves no claim behind.
  app.addHook('onResponse', async (request) => {
    const claim = claimed.get(request);
    if (claim && !claim.stored) await releaseKey(app.db, claim.accountId, claim.key).catch(() => undefined);
  });
}
