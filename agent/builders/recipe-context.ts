import type { JobSpec } from '../protocol';
import { authorizedKeys, poolsConfig } from './overlay';

/** Where the logos went in the root file system, when the build has a logo set. */
export interface PlacedLogos {
  light: string;
  dark: string;
}

/**
 * What a recipe's templates can name (listed in the README): the build, its release, the pools in the
 * cgminer shape and the fee scheduler's, the SSH keys, the license, the options and the logos' paths.
 */
export function recipeContext(
  spec: JobSpec,
  uuid: string,
  logos: PlacedLogos | null,
  installType: string,
): Record<string, unknown> {
  const pools = poolsConfig(spec.pools);
  const keys = (spec.ssh_keys ?? [])
    .map((k) => ({ name: k.name ?? '', key: k.key.trim().replace(/\s+/g, ' ') }))
    .filter((k) => k.key);
  const base = (file: string) => file.slice(file.lastIndexOf('/') + 1);
  return {
    build: {
      uuid,
      name: spec.build?.name ?? null,
      model: spec.build?.model ?? null,
      series: spec.build?.series ?? spec.release.series ?? null,
      platform: spec.build?.platform ?? null,
      install_type: installType,
    },
    release: {
      id: spec.release.id,
      series: spec.release.series ?? null,
      version: spec.release.version ?? null,
      stage: spec.release.stage ?? null,
      tags: spec.release.tags.map((t) => ({ repository: t.repository_name, tag: t.tag_name })),
    },
    pools: pools.pools,
    fee_pools: pools.fee_pools,
    devfee: pools.devfee,
    refund: pools.refund,
    total_fee: pools.total_fee,
    ssh_keys: keys,
    authorized_keys: authorizedKeys(keys),
    license: spec.license ?? null,
    options: spec.options ?? {},
    logo: logos
      ? { light: logos.light, dark: logos.dark, light_name: base(logos.light), dark_name: base(logos.dark) }
      : null,
  };
}
