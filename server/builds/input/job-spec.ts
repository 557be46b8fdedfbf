import type { JobSpec as AgentJobSpec } from '../../../contract/schemas/agent-schemas';
import { findLicense } from '../../accounts/licenses-repository';
import { findLogo } from '../../accounts/logos-repository';
import { listSshKeys } from '../../accounts/ssh-keys-repository';
import type { Db } from '../../platform/db/client';
import type { BuildRow, PoolConfigEntry } from '../../platform/db/schema';
import { logoUrl } from '../../platform/storage/logo-store';
import { findReleaseRow, listReleaseTags } from '../../releases/releases-repository';
import { listRepositories } from '../../releases/repositories-repository';
import { artifactName } from '../artifacts/artifact-store';

export const JOB_SPEC_VERSION = 1;

export interface LogoImage {
  /** The name in the logo store (DATA_DIR/logos, or `builtin/…` for the general logo). */
  file: string;
  type: string;
  /**
   * The public image, while the set is not removed. Agents fetch the job's own copy instead
   * (GET /api/agent/jobs/{id}/logo/{variant}), which a removed set's builds still have.
   */
  url: string;
}

/**
 * Everything an agent needs to build, resolved when the build is submitted, rebuilt or upgraded, so that
 * later changes (a deleted SSH key, a renamed repository) do not change a job already queued. It extends the
 * spec the agent reads (contract/), so the two cannot drift apart.
 */
export interface JobSpec extends AgentJobSpec {
  spec_version: number;
  requested_at: string;
  build: Pick<BuildRow, 'uuid' | 'name' | 'model' | 'series' | 'platform' | 'install_type' | 'warranty'>;
  release: {
    id: number;
    series: string;
    version: string;
    stage: string;
    tags: { repository_name: string; tag_name: string; url: string | null }[];
  };
  pools: PoolConfigEntry[];
  ssh_keys: { name: string; key: string }[];
  logo: { id: number; le: LogoImage; de: LogoImage };
  license: { id: number; name: string; region: string } | null;
  options: Record<string, unknown>;
  /** Where to put the artifact, relative to DATA_DIR. */
  artifact: string;
  /**
   * Issue 16: the configuration hash (contract/config-hash.ts) the server stored on the build, added once the
   * spec is resolved, for the agent to write into the archive's manifest as it is.
   */
  config_hash?: string;
}

export type JobSource = Pick<
  BuildRow,
  | 'uuid'
  | 'name'
  | 'user_id'
  | 'model'
  | 'series'
  | 'platform'
  | 'install_type'
  | 'warranty'
  | 'release_id'
  | 'license_id'
  | 'add_license'
  | 'options'
  | 'ssh_keys'
  | 'logo_id'
  | 'fee_pools_configs'
>;

export type JobSpecResolver = (build: JobSource) => Promise<JobSpec>;

/**
 * Resolves builds' settings into job specs (ids become tags, urls, key texts and files). One resolver reads
 * each release, account's keys, logo and license once, so a whole set is rebuilt with a handful of queries.
 */
export function jobSpecResolver(db: Db): JobSpecResolver {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let loaded = memo.get(key);
    if (!loaded) {
      loaded = load();
      memo.set(key, loaded);
    }
    return loaded as Promise<T>;
  };
  // One query at a time: inside a transaction the driver runs a single query per connection.
  return async (build) =>
    resolveWith(build, {
      release: await once(`release:${build.release_id}`, () => findReleaseRow(db, build.release_id)),
      tags: await once(`tags:${build.release_id}`, () => listReleaseTags(db, build.release_id)),
      repositories: await once('repositories', () => listRepositories(db)),
      keys: await once(`keys:${build.user_id}`, () => listSshKeys(db, build.user_id)),
      logo: await once(`logo:${build.logo_id}`, () => findLogo(db, build.logo_id)),
      license:
        build.add_license && build.license_id !== null
          ? await once(`license:${build.license_id}`, () => findLicense(db, build.license_id as number))
          : undefined,
    });
}

/** One build's job spec. */
export const resolveJobSpec = (db: Db, build: JobSource): Promise<JobSpec> => jobSpecResolver(db)(build);

function resolveWith(
  build: JobSource,
  {
    release,
    tags,
    repositories,
    keys,
    logo,
    license,
  }: {
    release: Awaited<ReturnType<typeof findReleaseRow>>;
    tags: Awaited<ReturnType<typeof listReleaseTags>>;
    repositories: Awaited<ReturnType<typeof listRepositories>>;
    keys: Awaited<ReturnType<typeof listSshKeys>>;
    logo: Awaited<ReturnType<typeof findLogo>>;
    license: Awaited<ReturnType<typeof findLicense>>;
  },
): JobSpec {
  if (!release) throw new Error(`release ${build.release_id} of build ${build.uuid} is missing`);
  if (!logo) throw new Error(`logo ${build.logo_id} of build ${build.uuid} is missing`);
  const urlOf = new Map(repositories.map((repository) => [repository.name, repository.url]));
  const wanted = new Set(build.ssh_keys);
  const image = (file: string, type: string, variant: 'le' | 'de') => ({
    file,
    type,
    url: logoUrl(logo, variant),
  });
  return {
    spec_version: JOB_SPEC_VERSION,
    requested_at: new Date().toISOString(),
    build: {
      uuid: build.uuid,
      name: build.name,
      model: build.model,
      series: build.series,
      platform: build.platform,
      install_type: build.install_type,
      warranty: build.warranty,
    },
    release: {
      id: release.id,
      series: release.series,
      version: release.version,
      stage: release.stage,
      tags: tags.map((tag) => ({ ...tag, url: urlOf.get(tag.repository_name) ?? null })),
    },
    pools: build.fee_pools_configs,
    ssh_keys: keys.filter((key) => wanted.has(key.id)).map(({ name, key }) => ({ name, key })),
    logo: {
      id: logo.id,
      le: image(logo.le_file, logo.le_type, 'le'),
      de: image(logo.de_file, logo.de_type, 'de'),
    },
    license: license ? { id: license.id, name: license.name, region: license.region } : null,
    options: build.options,
    artifact: artifactName(build.uuid),
  };
}
