// The build form's values (spec §3 Build form). The names follow the spec; `toBuildBody` maps them to the API.
import type { BuildOptionValues, PoolType } from '../types';

/** Which releases the form offers: dev, test (alpha, beta, rc) or stable (stable and prerelease). */
export type Subset = 'dev' | 'test' | 'stable';
export const SUBSETS: readonly Subset[] = ['stable', 'test', 'dev'];

/** default: the general logo (id 1); my_logo: the account's default logo set; build_logo: a pair for this build. */
export type LogoSelect = 'default' | 'my_logo' | 'build_logo';
export const LOGO_SELECTS: readonly LogoSelect[] = ['default', 'my_logo', 'build_logo'];

/** A pool as the form holds it: an emptied input holds null, numbers may be blank while being typed. */
export interface PoolSlot {
  alias: string | null;
  url: string | null;
  account: string | null;
  worker: string | null;
  fee: number | string | null;
  fake_fee: number | string | null;
  hidden: boolean;
  type_fee_pool: PoolType;
}

export interface CustomLogoFiles {
  image_le: File | null;
  image_de: File | null;
}

export interface BuildFormValues {
  group_id: number;
  series: string;
  model: string;
  platform: string;
  installType: string;
  subset: Subset;
  release: number | null;
  addLicense: boolean;
  license: number | null;
  options: BuildOptionValues;
  ssh_keys: number[];
  logoSelect: LogoSelect;
  /** The logo set the build had, or the one just uploaded; build_logo without new files keeps it. */
  savedLogoID: number | null;
  customLogoFiles: CustomLogoFiles;
  devfee_pool_config: PoolSlot;
  /** Always FEE_POOL_SLOTS slots; the first `poolsLimit` are shown. */
  fee_pools_configs: PoolSlot[];
  poolsLimit: number;
  /** Admins only. */
  refund_pool_config: PoolSlot;
}
