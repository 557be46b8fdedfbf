import { BUILDER_VERSION, type BuildConfig, configHash } from '../../../contract/config-hash';
import { tagCommit } from '../sources/tag-commits';
import type { JobSpec } from './job-spec';

/**
 * A job spec's configuration (issue 16): what shapes its output, with the release's tags resolved to their
 * commits where the server knows them. Nothing of the build's identity (uuid, name, set, owner, ids, time).
 */
export async function buildConfigOf(spec: JobSpec): Promise<BuildConfig> {
  const tags = [];
  // One at a time: a whole set's rebuild runs inside one transaction, and git is quick on local copies.
  for (const tag of spec.release.tags)
    tags.push({
      repository: tag.repository_name,
      tag: tag.tag_name,
      commit: await tagCommit(tag.url, tag.tag_name),
    });
  const image = (side: { file: string; type: string }) => ({ file: side.file, type: side.type });
  return {
    builder_version: BUILDER_VERSION,
    model: spec.build.model,
    series: spec.build.series,
    platform: spec.build.platform,
    install_type: spec.build.install_type,
    warranty: spec.build.warranty,
    release: { series: spec.release.series, version: spec.release.version, stage: spec.release.stage, tags },
    pools: spec.pools,
    ssh_keys: spec.ssh_keys.map((key) => key.key),
    logo: { le: image(spec.logo.le), de: image(spec.logo.de) },
    license: spec.license ? { name: spec.license.name, region: spec.license.region } : null,
    options: spec.options,
  };
}

/** The job spec's configuration hash (contract/config-hash.ts). */
export async function configHashOf(spec: JobSpec): Promise<string> {
  return configHash(await buildConfigOf(spec));
}
