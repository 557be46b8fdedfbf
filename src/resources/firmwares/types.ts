// The shapes of firmware sets (groups) and builds as the API sends them (spec §3, §7). Fields are snake_case from
// the wire to react-admin's `source`.
import type { RaRecord } from 'react-admin';
import type { BuildStatus, ReleaseStage } from '../../../contract/statuses';

export type PoolType = 'fee' | 'devfee' | 'refund';

/** One pool of a build (spec §3 Pool config entry). */
export interface PoolEntry {
  alias: string;
  url: string;
  account: string;
  worker: string;
  fee: number;
  fake_fee: number | null;
  hidden: boolean;
  type_fee_pool: PoolType;
}

/** A firmware set (spec §3 Firmware set). */
export interface Group extends RaRecord {
  id: number;
  user_id: number;
  name: string;
  description: string | null;
  logo_id: number | null;
  is_favorite: boolean;
  is_removed: boolean;
  ssh_keys: number[];
  versions: { model: string; release_id: number }[];
  models: string[];
  count_firmwares: number;
  count_pending: number;
  count_in_progress: number;
  count_failed: number;
  count_removed_firmwares: number;
  link_uuid: string;
  created_at: string;
}

/** A firmware build (spec §3 Firmware build). */
export interface Build extends RaRecord {
  id: number;
  group_id: number;
  user_id: number;
  name: string;
  model: string;
  series: string;
  platform: string;
  install_type: string;
  release_id: number;
  release_version: string;
  stage: ReleaseStage;
  license_id: number | null;
  add_license: boolean;
  status: BuildStatus;
  progress: number;
  is_removed: boolean;
  is_updating: boolean;
  warranty: boolean;
  ssh_keys: number[];
  logo_id: number | null;
  uuid: string;
  options: Record<string, unknown>;
  fee_pools_configs: PoolEntry[];
  file_size: number | null;
  sha256: string | null;
  created_at: string;
  updated_at: string;
}

/** POST /client/firmware/firmwares. */
export interface BuildBody {
  group_id: number;
  model: string;
  platform: string;
  install_type: string;
  release_id: number;
  license_id: number | null;
  add_license: boolean;
  /** Admins only: everyone else builds with the defaults. */
  options?: Record<string, unknown>;
  ssh_keys: number[];
  logo_id: number;
  fee_pools_configs: PoolEntry[];
}

/** POST /client/firmware/groups and PATCH …/groups/{id}. */
export interface GroupBody {
  name?: string;
  description?: string;
  logo_id?: number | null;
  ssh_keys?: number[];
  is_favorite?: boolean;
  force_rebuild?: boolean;
}

/** GET /client/firmware/firmwares/links?uuid=… (public). */
export interface SharedFirmware {
  uuid: string;
  name: string;
  model: string;
  series: string;
  platform: string;
  install_type: string;
  release_version: string;
  status: BuildStatus;
  file_size: number | null;
  sha256: string | null;
  download_url: string | null;
}

export interface SharedLinks {
  group_name: string;
  firmwares: SharedFirmware[];
}

/** GET /client/pool-url. */
export interface PoolPreset {
  pool: string;
  url: string;
}

/** GET /client/firmware/license. */
export interface License {
  id: number;
  name: string;
  region: string;
}

/** GET /client/firmware/firmware_ssh_key. */
export interface SshKey {
  id: number;
  name: string;
  key: string;
}

export type BuildOptionType = 'bool' | 'str' | 'list';

/** GET /admin/groups/build-options (admins); others get only the defaults. */
export interface BuildOption {
  name: string;
  type: BuildOptionType;
  default: unknown;
  description?: string;
}
