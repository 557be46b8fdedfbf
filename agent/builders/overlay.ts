import type { JobSpec, PoolSpec } from '../protocol';

/** Where the build's own settings go inside the firmware tree. */
export const CONFIG_DIR = 'config';

export interface OverlayFile {
  path: string;
  data: Buffer;
  mode: number;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** cgminer's `user` is account.worker; stratum pools take any password, "x" by convention. */
function poolEntry(pool: PoolSpec) {
  const user = [pool.account, pool.worker].filter(Boolean).join('.');
  return {
    url: pool.url,
    user,
    pass: pool.password ?? 'x',
    alias: pool.alias ?? '',
    type: pool.type_fee_pool ?? 'fee',
    fee: pool.fee ?? 0,
    ...(pool.fake_fee === undefined || pool.fake_fee === null ? {} : { fake_fee: pool.fake_fee }),
    hidden: pool.hidden ?? false,
  };
}

/**
 * The pool configuration in the shape cgminer-based firmware reads (`pools` with url/user/pass), plus what
 * the fee scheduler needs: the DevFee pool and its share, the partner's fee pools (hidden ones are mined but
 * not shown in the miner's UI) and the refund pool.
 */
export function poolsConfig(pools: PoolSpec[]) {
  const entries = pools.map(poolEntry);
  return {
    pools: entries
      .filter((p) => p.type === 'fee' && !p.hidden)
      .map(({ url, user, pass }) => ({ url, user, pass })),
    devfee: entries.find((p) => p.type === 'devfee') ?? null,
    fee_pools: entries.filter((p) => p.type === 'fee'),
    refund: entries.find((p) => p.type === 'refund') ?? null,
    total_fee: Number(
      entries
        .filter((p) => p.type !== 'refund')
        .reduce((sum, p) => sum + (p.fee ?? 0), 0)
        .toFixed(2),
    ),
  };
}

export function authorizedKeys(keys: JobSpec['ssh_keys']): string {
  return keys
    .map((k) => k.key.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .map((line) => `${line}\n`)
    .join('');
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

export function logoFileName(variant: 'light' | 'dark', contentType: string): string {
  const ext = EXTENSIONS[contentType.split(';')[0].trim().toLowerCase()] ?? 'bin';
  return `logo-${variant}.${ext}`;
}

/** Every settings file of the build, logos aside (they are fetched). */
export function overlayFiles(spec: JobSpec, uuid: string): OverlayFile[] {
  const files: OverlayFile[] = [
    { path: `${CONFIG_DIR}/pools.json`, data: json(poolsConfig(spec.pools)), mode: 0o600 },
    { path: `${CONFIG_DIR}/options.json`, data: json(spec.options ?? {}), mode: 0o644 },
    {
      path: `${CONFIG_DIR}/build.json`,
      data: json({
        uuid,
        name: spec.build?.name ?? null,
        model: spec.build?.model ?? null,
        series: spec.build?.series ?? spec.release.series ?? null,
        platform: spec.build?.platform ?? null,
        install_type: spec.build?.install_type ?? null,
        release: {
          id: spec.release.id,
          version: spec.release.version ?? null,
          stage: spec.release.stage ?? null,
        },
        sources: spec.release.tags.map((t) => ({ repository: t.repository_name, tag: t.tag_name })),
      }),
      mode: 0o644,
    },
  ];
  const keys = authorizedKeys(spec.ssh_keys ?? []);
  if (keys) files.push({ path: `${CONFIG_DIR}/authorized_keys`, data: Buffer.from(keys), mode: 0o600 });
  if (spec.license) files.push({ path: `${CONFIG_DIR}/license.json`, data: json(spec.license), mode: 0o644 });
  return files;
}
