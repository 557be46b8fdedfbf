import { BlockList, isIP } from 'node:net';

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

// What @fastify/proxy-addr's names stand for.
const PRESET_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const prefixOfNetmask = (mask: string) =>
  mask.split('.').reduce((bits, part) => bits + (Number(part) >>> 0).toString(2).replace(/0/g, '').length, 0);

/**
 * Whether a socket's peer is one of the trusted proxies, as Fastify decides it for the nearest hop: with a hop
 * count every peer is (see fastifyTrustProxy), with a list those in it. For what Fastify does not decide for
 * us: whether to believe the peer's `X-Request-Id`, and whether its `X-Forwarded-For` is ignored (issue 43).
 */
export function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (address) => address !== undefined;
  const list = new BlockList();
  for (const entry of trust.flatMap((e) => PRESET_RANGES[e] ?? [e])) {
    const [address, bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, isIP(bits) ? prefixOfNetmask(bits) : Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client of a server listening on `::` shows as ::ffff:a.b.c.d.
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    return list.check(plain, type) || (plain !== address && list.check(address, 'ipv6'));
  };
}

/** TRUST_PROXY as the operator wrote it, for messages. */
export const describeTrustProxy = (trust: TrustProxy) =>
  trust === false ? 'TRUST_PROXY is unset' : `TRUST_PROXY=${Array.isArray(trust) ? trust.join(',') : trust}`;
