import type { Build } from '../../contract/schemas/build-schemas';
import { ownBuildUuid, type UuidViewer } from './build-uuid-access';
import type { BuildRow } from './builds-repository';

export const downloadUrl = (uuid: string) => `/api/files/firmwares/${uuid}`;

/**
 * A build as the API answers it to its owner or an admin (its uuid is theirs alone: build-uuid-access.ts); the
 * refund pool is shown to admins only (spec §6).
 */
export function toBuild(row: BuildRow, viewer: UuidViewer): Build {
  const { job_spec: _spec, attempts: _attempts, ...rest } = row;
  return {
    ...rest,
    uuid: ownBuildUuid(viewer, row),
    options: row.options as Build['options'],
    fee_pools_configs: viewer.is_admin
      ? row.fee_pools_configs
      : row.fee_pools_configs.filter((pool) => pool.type_fee_pool !== 'refund'),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    lease_until: row.lease_until?.toISOString() ?? null,
  };
}

/** What the public links page shows of a build: nothing about its owner, its pools or its ids. */
export function toSharedBuild(row: BuildRow) {
  return {
    uuid: row.uuid,
    name: row.name,
    model: row.model,
    series: row.series,
    platform: row.platform,
    install_type: row.install_type,
    release_version: row.release_version,
    status: row.status,
    file_size: row.file_size,
    sha256: row.sha256,
    // Issue 37: the link names the run it serves, so a rebuild never swaps the file under a reader.
    run: row.run,
    download_url:
      row.status === 'done' && row.file_size !== null ? `${downloadUrl(row.uuid)}?run=${row.run}` : null,
  };
}
