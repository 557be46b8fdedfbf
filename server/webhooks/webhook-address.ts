import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Issue 38: where a webhook may be sent. Never to the console's own network: private, loopback, link-local,
 * carrier-grade NAT, multicast, reserved and unspecified addresses are refused, whether written in the URL or
 * what its host name resolves to, at registration and again at every delivery (a name may resolve elsewhere
 * later: DNS rebinding), and the delivery connects to the very address that was checked. An operator lets
 * named hosts through, over http too (WEBHOOK_ALLOWED_HOSTS).
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  refused.addSubnet(net, bits, 'ipv6');

/** Whether a webhook may go to this address (an IPv4-mapped IPv6 address is judged as its IPv4 one). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !refused.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** WEBHOOK_ALLOWED_HOSTS: host names (or addresses) let through, lowercased. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
export const resolveAll: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** Where a delivery connects: the checked address, or none (use the system's lookup: an allowed host). */
export type Target = { url: URL; address?: { address: string; family: number } };

export const URL_INVALID = 'Must be an absolute https:// URL';
export const URL_HTTP =
  'Plain http is only allowed for hosts the operator lets through (WEBHOOK_ALLOWED_HOSTS)';
export const URL_CREDENTIALS = 'Must not carry a user name or password';
export const URL_UNRESOLVED = 'The host name does not resolve';
export const URL_PRIVATE = 'Must not point at a private, loopback or link-local address';

/** The host as the allow-list names it: without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Checks a webhook URL and resolves where to connect; answers the target, or why it is refused. */
export async function checkWebhookUrl(
  raw: string,
  allowedHosts: readonly string[],
  resolve: Resolve = resolveAll,
): Promise<{ ok: true; target: Target } | { ok: false; reason: string }> {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !['https:', 'http:'].includes(url.protocol) || !url.hostname)
    return { ok: false, reason: URL_INVALID };
  if (url.username || url.password) return { ok: false, reason: URL_CREDENTIALS };
  const host = hostOf(url);
  if (allowedHosts.includes(host)) return { ok: true, target: { url } };
  if (url.protocol !== 'https:') return { ok: false, reason: URL_HTTP };
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch {
    return { ok: false, reason: URL_UNRESOLVED };
  }
  if (addresses.length === 0) return { ok: false, reason: URL_UNRESOLVED };
  if (!addresses.every(({ address }) => isPublicAddress(address))) return { ok: false, reason: URL_PRIVATE };
  return { ok: true, target: { url, address: addresses[0] } };
}
