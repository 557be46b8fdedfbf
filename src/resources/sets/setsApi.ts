// The set and build calls that are not CRUD (spec §7 Firmware writes), one function each, over the httpClient.
// Their paths are dataProvider/paths.ts' `calls`, where `isAdmin` picks the admin one the spec gives. Lists,
// create, update and delete go through the dataProvider (`groups`, `firmwares`).

import type { UpgradePreview } from '../../../contract/schemas/set-schemas';
import type { HttpClient } from '../../dataProvider/httpClient';
import { callOf } from '../../dataProvider/paths';
import type {
  Build,
  BuildOption,
  BuildOptionType,
  BuildOptionValues,
  BuildSet,
  PoolEntry,
  SharedLinks,
} from './types';

type BuildRef = Pick<Build, 'id' | 'user_id'>;

/** POST …/rebuild?firmware_id=: the build is made again with its settings. */
export async function rebuildBuild(http: HttpClient, build: BuildRef, isAdmin: boolean): Promise<void> {
  const { path, request } = callOf('rebuildBuild', build, isAdmin);
  await http(path, request);
}

/** POST /client/firmware/firmwares/{id}/upgrade: the newest release of the same series and stage class. */
export async function upgradeBuild(http: HttpClient, build: BuildRef): Promise<void> {
  const { path, request } = callOf('upgradeBuild', build);
  await http(path, request);
}

/** PATCH the build's pools (which rebuilds it). */
export async function patchPools(
  http: HttpClient,
  build: BuildRef,
  pools: PoolEntry[],
  isAdmin: boolean,
): Promise<void> {
  const { path, request } = callOf('patchPools', build, isAdmin);
  await http(path, { ...request, body: { fee_pools_configs: pools } });
}

/** POST …/groups/{id}/rebuild or /upgrade: every build of the set that is not removed. */
export async function setAction(
  http: HttpClient,
  set: Pick<BuildSet, 'id'>,
  action: 'rebuild' | 'upgrade',
  isAdmin: boolean,
  includeCancelled = false,
): Promise<void> {
  const { path, request } = callOf(action === 'rebuild' ? 'rebuildSet' : 'upgradeSet', set, isAdmin);
  await http(path, includeCancelled ? { ...request, query: { include_cancelled: true } } : request);
}

/** PATCH /client/firmware/groups/{id}/link: the public link off or on, or a new one (issue 37). */
export async function changeSetLink(
  http: HttpClient,
  set: Pick<BuildSet, 'id'>,
  body: { enabled?: boolean; regenerate?: boolean },
): Promise<BuildSet> {
  const { path, request } = callOf('setLink', set);
  const { json } = await http<BuildSet>(path, { ...request, body });
  return json;
}

/** GET …/groups/{id}/upgrade: how many builds "Upgrade all" would queue, cancelled ones apart (issue 37). */
export async function fetchUpgradePreview(
  http: HttpClient,
  set: Pick<BuildSet, 'id'>,
  isAdmin: boolean,
): Promise<UpgradePreview> {
  const { path, request } = callOf('upgradeSetPreview', set, isAdmin);
  const { json } = await http<UpgradePreview>(path, request);
  return json;
}

/** GET /client/firmware/firmwares/links?uuid=: the set's files, for anyone with the link. */
export async function fetchSharedLinks(http: HttpClient, uuid: string): Promise<SharedLinks> {
  const { path, request } = callOf('sharedLinks', { uuid });
  const { json } = await http<SharedLinks>(path, { ...request, auth: false });
  return json;
}

const typeOf = (value: unknown): BuildOptionType =>
  typeof value === 'boolean' ? 'bool' : Array.isArray(value) ? 'list' : 'str';

/**
 * The build options: admins get their types and descriptions (GET /admin/groups/build-options); everyone else
 * builds with the defaults (GET /client/firmware/build-options/defaults), shown with the type their value has.
 */
export async function fetchBuildOptions(http: HttpClient, isAdmin: boolean): Promise<BuildOption[]> {
  const { path } = callOf('buildOptions', {}, isAdmin);
  if (isAdmin) {
    const { json } = await http<BuildOption[]>(path);
    return Array.isArray(json) ? json : [];
  }
  const { json } = await http<BuildOptionValues>(path);
  return Object.entries(json ?? {}).map(([name, value]) => ({
    name,
    type: typeOf(value),
    default: value,
    description: '',
  }));
}
