// Issue 43 §2.4: with TRUST_PROXY wrong (the README's example address left in), the balancer's
// X-Forwarded-For was ignored and every client looked like the balancer, silently. An instance receiving the
// header from a peer it does not trust now says so in its log, at most once a minute.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { describeTrustProxy, type TrustProxy, trustedPeer } from './trust-proxy';

export interface UntrustedForwardingOptions {
  trustProxy: TrustProxy;
  /** At most one warning per this many milliseconds (a minute). */
  intervalMs?: number;
  /** The clock, for a test. */
  now?: () => number;
}

const untrustedForwardingPlugin: FastifyPluginAsync<UntrustedForwardingOptions> = async (app, options) => {
  const trusted = trustedPeer(options.trustProxy);
  const setting = describeTrustProxy(options.trustProxy);
  const intervalMs = options.intervalMs ?? 60_000;
  const now = options.now ?? Date.now;
  let lastWarned = Number.NEGATIVE_INFINITY;
  let ignored = 0;
  app.addHook('onRequest', async (request) => {
    if (request.headers['x-forwarded-for'] === undefined) return;
    const peer = request.socket.remoteAddress;
    if (trusted(peer)) return;
    ignored++;
    if (now() - lastWarned < intervalMs) return;
    lastWarned = now();
    request.log.warn(
      { peer, ignored },
      `X-Forwarded-For from ${peer}, a peer ${setting} does not trust: ignored, so the client's address is taken ` +
        `to be ${peer} (sign-in limits and logs count every client behind it as one). If ${peer} is your ` +
        'balancer, add it to TRUST_PROXY; otherwise a client sends the header itself. (At most once a minute; ' +
        '`ignored` counts such requests since the start.)',
    );
  });
};

export default fp(untrustedForwardingPlugin, { name: 'untrusted-forwarding' });
