// The shapes of firmware sets (groups) and builds as the API sends them (spec §3, §7): contract/'s schemas.
export type {
  Build,
  BuildCreate as BuildBody,
  BuildOption,
  BuildOptionValues,
  SharedBuild,
  SharedLinks,
} from '../../../contract/schemas/build-schemas';
export type { License } from '../../../contract/schemas/license-schemas';
export type { PoolEntry, PoolPreset } from '../../../contract/schemas/pool-schemas';
export type { BuildSet, SetPatch as SetBody } from '../../../contract/schemas/set-schemas';
export type { SshKey } from '../../../contract/schemas/ssh-key-schemas';
export type { BuildOptionType, BuildStatus, PoolType } from '../../../contract/statuses';
