// The set and build calls that are not CRUD (spec §7 Firmware writes), one function each, over the httpClient.
// Where the spec gives admins their own path, `isAdmin` picks it. Lists, create, update and delete go through the
// dataProvider (dataProvider/paths.ts: `groups`, `firmwares`).
import type { HttpClient } from '../../api/httpClient';
import type {
  Build,
  BuildOption,
  BuildOptionType,
  BuildOptionValues,
  Group,
  PoolEntry,
  SharedLinks,
} from './types';

type BuildRef = Pick<Build, 'id' | 'user_id'>;

/** POST …/rebuild?firmware_id=: the build is made again with its settings. */
export async function rebuildBuild(http: HttpClient, build: BuildRef, isAdmin: boolean): Promise<void> {
  const path = isAdmin ? '/admin/firmwares/rebuild' : '/client/firmware/firmwares/rebuild';
  await http(path, { method: 'POST', query: { firmware_id: build.id } });
}

/** POST /client/firmware/firmwares/{id}/upgrade: the newest release of the same series and stage class. */
export async function upgradeBuild(http: HttpClient, build: BuildRef): Promise<void> {
  await http(`/client/firmware/firmwares/${build.id}/upgrade`, { method: 'POST' });
}

/** PATCH the build's pools (which rebuilds it). */
export async function patchPools(
  http: HttpClient,
  build: BuildRef,
  pools: PoolEntry[],
  isAdmin: boolean,
): Promise<void> {
  const body = { fee_pools_configs: pools };
  if (isAdmin) {
    await http('/admin/firmwares/pool', {
      method: 'PATCH',
      query: { firmware_id: build.id, user_id: build.user_id },
      body,
    });
  } else {
    await http(`/client/firmware/firmwares/${build.id}/pool`, { method: 'PATCH', body });
  }
}

/** POST …/groups/{id}/rebuild or /upgrade: every build of the set that is not removed. */
export async function groupAction(
  http: HttpClient,
  group: Pick<Group, 'id'>,
  action: 'rebuild' | 'upgrade',
  isAdmin: boolean,
): Promise<void> {
  const base = isAdmin ? '/admin/groups' : '/client/firmware/groups';
  await http(`${base}/${group.id}/${action}`, { method: 'POST' });
}

/** GET /client/firmware/firmwares/links?uuid=: the set's files, for anyone with the link. */
export async function fetchSharedLinks(http: HttpClient, uuid: string): Promise<SharedLinks> {
  const { json } = await http<SharedLinks>('/client/firmware/firmwares/links', {
    query: { uuid },
    auth: false,
  });
  return json;
}

const typeOf = (value: unknown): BuildOptionType =>
  typeof value === 'boolean' ? 'bool' : Array.isArray(value) ? 'list' : 'str';

/**
 * The build options: admins get their types and descriptions (GET /admin/groups/build-options); everyone else
 * builds with the defaults (GET /client/firmware/build-options/defaults), shown with the type their value has.
 */
export async function fetchBuildOptions(http: HttpClient, isAdmin: boolean): Promise<BuildOption[]> {
  if (isAdmin) {
    const { json } = await http<BuildOption[]>('/admin/groups/build-options');
    return Array.isArray(json) ? json : [];
  }
  const { json } = await http<BuildOptionValues>('/client/firmware/build-options/defaults');
  return Object.entries(json ?? {}).map(([name, value]) => ({
    name,
    type: typeOf(value),
    default: value,
    description: '',
  }));
}
