// Issue 16 item 4: the configuration hash. Two builds whose configurations hash alike would produce the same
// firmware, so the second is served from the first's artifact. Pure and synchronous: the server computes it
// when a build is queued; the agent and the browser can recompute it from the same configuration.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Bumped whenever what the default builder makes of a configuration changes (a new layout, new templates),
 * so that no build made by an older builder is reused for a newer one. Part of every configuration.
 */
export const BUILDER_VERSION = 'default-1';

/** A repository's part of a release: its tag (or branch) and, where the server knows it, the commit. */
export interface ConfigTag {
  repository: string;
  tag: string;
  /** The commit the tag named when the build was queued; null when unknown (then the tag name decides). */
  commit: string | null;
}

/** One logo image as it is stored: its file name (written once, never overwritten) and type. */
export interface ConfigImage {
  file: string;
  type: string;
}

/**
 * Everything that shapes a build's output, and nothing that does not (not its uuid, name, set, owner, time
 * or database ids): two configurations equal as values give the same hash, whatever order their keys had.
 */
export interface BuildConfig {
  builder_version: string;
  model: string;
  series: string;
  platform: string;
  install_type: string;
  warranty: boolean;
  release: { series: string; version: string; stage: string; tags: ConfigTag[] };
  /** In order: a miner tries its pools in order. */
  pools: unknown[];
  /** The keys' texts (white space folded), in the build's order. */
  ssh_keys: string[];
  logo: { le: ConfigImage; de: ConfigImage } | null;
  license: { name: string; region: string } | null;
  options: Record<string, unknown>;
}

/**
 * JSON with every object's keys sorted (recursively) and no white space: one text for one value. Arrays keep
 * their order; `undefined` members are left out as JSON.stringify leaves them out; non-finite numbers are
 * refused rather than silently written as null.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new TypeError(`not a JSON number: ${value}`);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

/** The configuration with its parts in a fixed form: the release's tags by repository, keys' spaces folded. */
export function normalConfig(config: BuildConfig): BuildConfig {
  return {
    ...config,
    release: {
      ...config.release,
      tags: [...config.release.tags].sort((a, b) =>
        a.repository < b.repository ? -1 : a.repository > b.repository ? 1 : 0,
      ),
    },
    ssh_keys: config.ssh_keys.map((key) => key.trim().replace(/\s+/g, ' ')),
  };
}

/**
 * The lowercase hex SHA-256 of a text's UTF-8 bytes, synchronous in Node and the browser alike (Web Crypto's is
 * asynchronous there): @noble/hashes, for short texts. Files and streams use node:crypto or Web Crypto.
 */
export const sha256OfText = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** The configuration hash: lowercase hex sha256 of the canonical JSON of the normalised configuration. */
export function configHash(config: BuildConfig): string {
  return sha256OfText(canonicalJson(normalConfig(config)));
}
