// Issue 16: the configuration hash of a build. One pure function over the job spec the server resolves and the
// agent receives, so that the server (in the signed attestation) and the agent (in the archive's manifest.json)
// arrive at the same hash without talking to each other. The digest is the caller's (node:crypto's sha256 on the
// server and in the agent), which keeps this file free of any runtime's API.
import type { JobSpec } from '../schemas/agent-schemas';

/** Bumped when what the hash covers changes: a hash of one version never equals one of another. */
export const CONFIG_HASH_VERSION = 1;

/**
 * JSON with every object's keys sorted (recursively) and no white space: one text for one value, whatever
 * order its keys were written in. Arrays keep their order (it means something: pools are tried in order).
 * `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

type SpecLike = JobSpec & {
  build?: JobSpec['build'] & { warranty?: boolean };
  logo: (JobSpec['logo'] & { le: { file?: string }; de: { file?: string } }) | null;
};

/**
 * What shapes a build's output, and nothing that does not: the model, platform and install type, the release
 * (series, version, stage and its repositories' tags), the pools, the SSH keys' texts, the logo images, the
 * license and the options. Not the build's uuid, name, request time or database ids, so that two builds of the
 * same configuration share the hash.
 */
export function buildConfiguration(spec: SpecLike) {
  const image = (side: { file?: string; type?: string; url: string }) => ({
    file: side.file ?? side.url,
    type: side.type ?? null,
  });
  return {
    config_hash_version: CONFIG_HASH_VERSION,
    model: spec.build?.model ?? null,
    series: spec.build?.series ?? spec.release.series ?? null,
    platform: spec.build?.platform ?? null,
    install_type: spec.build?.install_type ?? null,
    warranty: spec.build?.warranty ?? false,
    release: {
      series: spec.release.series ?? null,
      version: spec.release.version ?? null,
      stage: spec.release.stage ?? null,
      tags: spec.release.tags.map((tag) => ({ repository: tag.repository_name, tag: tag.tag_name })),
    },
    pools: spec.pools ?? [],
    ssh_keys: (spec.ssh_keys ?? []).map((key) => key.key.trim().replace(/\s+/g, ' ')),
    logo: spec.logo ? { le: image(spec.logo.le), de: image(spec.logo.de) } : null,
    license: spec.license ? { name: spec.license.name, region: spec.license.region ?? null } : null,
    options: spec.options ?? {},
  };
}

/** The configuration hash: `sha256` (hex) of the canonical JSON of buildConfiguration(spec). */
export function configHash(spec: SpecLike, sha256: (text: string) => string): string {
  return sha256(canonicalJson(buildConfiguration(spec)));
}
