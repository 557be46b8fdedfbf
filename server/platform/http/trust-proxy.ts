import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are trusted to name the client in `X-Forwarded-For`: `false` (none: the
 * client is the socket's peer), a number of hops (`1`: the right-most entry, the one our own proxy added), or a
 * list of the proxies' addresses and CIDR ranges (the client is the right-most entry not sent by one of them).
 */
export type TrustProxy = false | number | string[];

/**
 * Fastify's `trustProxy` for a TRUST_PROXY. Fastify 5.12 no longer takes a number (it fails closed: a hop count
 * cannot tell a proxy from a client that reaches the server directly and writes its own header), so a hop count
 * becomes the trust function proxy-addr documents for it, `hop < n`. It is right only when the server can be
 * reached through the proxies alone (HOST=127.0.0.1 behind a local nginx, or a firewall); the README says so and
 * points everyone else at the list of proxy addresses, which Fastify checks itself.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The names @fastify/proxy-addr expands into ranges (127.0.0.1/8 and ::1; 169.254/16 and fe80::/10; private). */
const PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PRESETS.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  // A prefix length, or (IPv4 only) a netmask such as 255.255.0.0, as proxy-addr accepts them.
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(bits) === 4;
}

/**
 * Parses TRUST_PROXY. `true` (trust every hop) is refused: it makes the left-most `X-Forwarded-For` entry —
 * which the client writes itself — the client's address, so anyone could pick the address that sign-in
 * throttling counts (issue 12). The check of each list entry is hand-written because Fastify only compiles the
 * list when the server is built, and a typo should stop the start with the variable's name in the message.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase();
  if (!value || ['0', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on', 'all', '*'].includes(value))
    throw new Error(
      `TRUST_PROXY=${raw?.trim()} would trust an X-Forwarded-For the client writes itself; give the number of proxies in front of the server (1 behind one nginx) or their addresses/CIDRs`,
    );
  if (/^\d+$/.test(value)) return Number(value) || false;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || bad.length > 0)
    throw new Error(
      `TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs, got "${raw?.trim()}"`,
    );
  return entries;
}
