// Every /api call of the console, in two tables (spec §7): the resources' CRUD (`resourcePaths`, for the
// dataProvider) and the calls that are no CRUD (`calls`, by name, for the api modules and components). A route is
// "METHOD /path?query"; `{id}` and `{field}` are filled from the id and the record (or meta, or the values) of the
// call. Where the spec gives admins their own path, a route is `{ admin, default }` and the signed-in role picks
// one (`routeFor`): no other module picks an admin or a client path.
//
// To add a resource: add an entry here, named exactly like its <Resource name> and its i18n key. Give `paged: true`
// when the server pages it (zero-based `page` and x-total-count); leave it out for plain arrays, which the
// dataProvider filters, sorts and pages in the browser. Give `id` when the records have no `id` of their own.

import { MODELS_TIMEOUT_MS } from '../../contract/constants';
import { combinationKey } from '../../contract/rules/catalogue';
import type { HttpMethod, QueryValue } from './httpClient';

export type Route = string;
export type RoleRoute = { admin: Route; default: Route };

export interface ResourcePath {
  getList: Route | RoleRoute;
  /** Without it, getOne finds the record in getList's answer. */
  getOne?: Route | RoleRoute;
  create?: Route | RoleRoute;
  update?: Route | RoleRoute;
  delete?: Route | RoleRoute;
  /** One call for many ids: `{ids}` is filled with the ids joined by commas. Without it, delete per id. */
  deleteMany?: Route | RoleRoute;
  /** The server pages the list: `page` (zero-based) and the filters go on the wire, x-total-count comes back. */
  paged?: boolean;
  /** Milliseconds before a read gives up. */
  timeout?: number;
  /** The id of a record that has none: a field name or a function. */
  id?: string | ((record: Record<string, unknown>) => string | number);
}

export type ResourcePaths = Record<string, ResourcePath>;

export const resourcePaths: ResourcePaths = {
  // meta.include_deleted: the admin's 'show removed' switch (the server honours it for admins only).
  releases: {
    getList: 'GET /client/releases?include_deleted={include_deleted}',
    create: 'POST /admin/releases',
    update: 'PATCH /admin/releases/{id}',
    delete: 'DELETE /admin/releases/{id}',
  },
  // The sets shown on the Firmwares page (the spec's "groups" on the wire). Filters search, is_favorite and
  // is_removed go on the wire.
  sets: {
    getList: 'GET /client/firmware/groups',
    paged: true,
    create: 'POST /client/firmware/groups',
    update: { admin: 'PATCH /admin/groups/{id}', default: 'PATCH /client/firmware/groups/{id}' },
    delete: { admin: 'DELETE /admin/groups/{id}', default: 'DELETE /client/firmware/groups/{id}' },
  },
  // Builds (the spec's "firmwares" on the wire). "Admins load builds from an admin path; others from a client
  // path" (spec §6).
  builds: {
    getList: { admin: 'GET /admin/firmwares', default: 'GET /client/firmware/firmwares' },
    create: 'POST /client/firmware/firmwares',
    update: {
      admin: 'PATCH /admin/firmwares?firmware_id={id}&user_id={user_id}',
      default: 'PATCH /client/firmware/firmwares/{id}',
    },
    delete: { admin: 'DELETE /admin/firmwares/{id}', default: 'DELETE /client/firmware/firmwares/{id}' },
  },
  // Build tasks (issue 5): the account's own ('my tasks') and, for admins, everyone's ('all tasks'); filters
  // search and is_favorite. Cancel and the build log are not CRUD: see resources/tasks/tasksApi.ts.
  tasks: {
    getList: 'GET /client/firmware/tasks',
    paged: true,
    deleteMany: 'DELETE /client/firmware/tasks?ids={ids}',
  },
  allTasks: {
    getList: 'GET /admin/firmwares/tasks',
    paged: true,
    deleteMany: 'DELETE /client/firmware/tasks?ids={ids}',
  },
  partners: {
    getList: 'GET /admin/users',
    paged: true,
    getOne: 'GET /admin/user?user_id={id}',
    create: 'POST /admin/users',
    update: 'PATCH /admin/user?user_id={id}',
    delete: 'DELETE /admin/user?user_id={id}',
  },
  // The license list, grouped by region (one record per region).
  licenses: { getList: 'GET /admin/license', id: 'region' },
  // The account's logo sets (id 1 is the general logo); uploads are multipart, see custom/account/accountApi.ts.
  logos: { getList: 'GET /client/firmware/logo', delete: 'DELETE /client/firmware/logo/{id}' },
  // Build agents (workers). create and `update` with {token: true} answer the token, once.
  agents: {
    getList: 'GET /admin/workers',
    create: 'POST /admin/workers',
    update: 'PUT /admin/workers/{id}',
    delete: 'DELETE /admin/workers/{id}',
  },
  sshKeys: {
    getList: 'GET /client/firmware/firmware_ssh_key',
    create: 'POST /client/firmware/firmware_ssh_key',
    update: 'PUT /client/firmware/firmware_ssh_key?id={id}',
    delete: 'DELETE /client/firmware/firmware_ssh_key?id={id}',
  },
  // Releases: their descriptions are written on their own; the git sources a release's tags come from.
  releaseDescriptions: {
    getList: 'GET /client/releases',
    update: 'PATCH /admin/releases/{id}/descriptions',
  },
  seriesRepositories: {
    getList: 'GET /admin/series-repository',
    id: (r) => `${r.series}/${r.repository}`,
  },
  // meta.series: the series whose repositories are listed.
  repositoriesTags: { getList: 'GET /admin/repositories-tags?series={series}', id: 'name' },
  languages: { getList: 'GET /client/languages', id: 'name' },
  // The firmware catalogue (plain arrays, keyed by name).
  series: { getList: 'GET /client/firmware/series', id: 'name' },
  models: { getList: 'GET /client/firmware/models', id: 'name', timeout: MODELS_TIMEOUT_MS },
  platforms: { getList: 'GET /client/firmware/platform', id: 'name' },
  installTypes: { getList: 'GET /client/firmware/install_type', id: 'name' },
  combinations: {
    getList: 'GET /client/firmware/model-platform-install_type',
    id: (r) => combinationKey(r as { model: string; platform: string; install_type: string }),
  },
  // Sets and builds (issue 4): what the build form picks from. Rebuild, upgrade, pools and the shared links are
  // not CRUD: see resources/sets/setsApi.ts.
  poolPresets: { getList: 'GET /client/pool-url', id: 'pool' },
  // A partner's sets and tasks, for admins (spec §7 Admin firmware reads); meta.user_id is the partner. Their
  // writes go through `sets` and `builds`, whose admin paths the admin role picks.
  partnerSets: { getList: 'GET /admin/firmwares/users/{user_id}/groups', paged: true },
  partnerTasks: { getList: 'GET /admin/firmwares/users/{user_id}/tasks', paged: true },
  // Issue 17: the sets holding builds over all partners, with their owner and counters (filters search,
  // by_vip, is_favorite); the Active builds page polls it as the task list is polled.
  activeSets: { getList: 'GET /admin/firmwares/active', paged: true },
  buildLicenses: { getList: 'GET /client/firmware/license' },
  // The catalogue from the console (issue 17, admins only): lists with what depends on each entry counted.
  // `update` of series and models takes `confirm: true` to block what queued builds use.
  catalogueSeries: {
    getList: 'GET /admin/catalogue/series',
    create: 'POST /admin/catalogue/series',
    update: 'PATCH /admin/catalogue/series/{name}',
    delete: 'DELETE /admin/catalogue/series/{name}',
    id: 'name',
  },
  catalogueModels: {
    getList: 'GET /admin/catalogue/models',
    create: 'POST /admin/catalogue/models',
    update: 'PATCH /admin/catalogue/models/{name}',
    delete: 'DELETE /admin/catalogue/models/{name}',
    id: 'name',
  },
  cataloguePlatforms: {
    getList: 'GET /admin/catalogue/platforms',
    create: 'POST /admin/catalogue/platforms',
    update: 'PATCH /admin/catalogue/platforms/{name}',
    delete: 'DELETE /admin/catalogue/platforms/{name}',
    id: 'name',
  },
  catalogueInstallTypes: {
    getList: 'GET /admin/catalogue/install-types',
    create: 'POST /admin/catalogue/install-types',
    delete: 'DELETE /admin/catalogue/install-types/{name}',
    id: 'name',
  },
  catalogueCombinations: {
    getList: 'GET /admin/catalogue/combinations',
    create: 'POST /admin/catalogue/combinations',
    delete: 'DELETE /admin/catalogue/combinations/{model}/{platform}/{install_type}',
    id: (r) => combinationKey(r as { model: string; platform: string; install_type: string }),
  },
  catalogueLicenses: {
    getList: 'GET /admin/catalogue/licenses',
    create: 'POST /admin/catalogue/licenses',
    update: 'PATCH /admin/catalogue/licenses/{id}',
    delete: 'DELETE /admin/catalogue/licenses/{id}',
  },
  cataloguePoolPresets: {
    getList: 'GET /admin/catalogue/pool-presets',
    create: 'POST /admin/catalogue/pool-presets',
    update: 'PATCH /admin/catalogue/pool-presets/{id}',
    delete: 'DELETE /admin/catalogue/pool-presets/{id}',
  },
  catalogueRepositories: {
    getList: 'GET /admin/repositories',
    create: 'POST /admin/repositories',
    delete: 'DELETE /admin/repositories/{id}',
  },
  // The audit log (issue 17, admins): filters actor, action, object_type and object_id go on the wire.
  audit: { getList: 'GET /admin/audit', paged: true },
};

/**
 * The calls that are no resource's CRUD, by name. Their query parameters that are not in the route (numbers
 * kept as numbers, filters) the caller adds.
 */
export const calls = {
  // The account (custom/account, authProvider, the language switch).
  accountInfo: 'GET /client/account/info',
  updateAccountInfo: 'PATCH /client/account/info',
  changeEmail: 'POST /client/account/change-email',
  confirmEmailChange: 'POST /client/account/confirm-change-email',
  changePassword: 'POST /client/account/change-password',
  makeLogoDefault: 'POST /client/firmware/logo/{id}/default',
  uploadLogo: 'POST /client/account/logo',
  // Issue 38: the account's API tokens (My settings → API), and any account's for admins (the partner's page).
  myApiTokens: 'GET /client/account/tokens',
  makeApiToken: 'POST /client/account/tokens',
  revokeMyApiToken: 'DELETE /client/account/tokens/{id}',
  partnerApiTokens: 'GET /admin/user/tokens?user_id={user_id}',
  revokeApiToken: 'DELETE /admin/user/tokens/{id}',
  webhooks: 'GET /client/account/webhooks',
  addWebhook: 'POST /client/account/webhooks',
  updateWebhook: 'PATCH /client/account/webhooks/{id}',
  removeWebhook: 'DELETE /client/account/webhooks/{id}',
  webhookDeliveries: 'GET /client/account/webhooks/{id}/deliveries',
  redeliverWebhook: 'POST /client/account/webhooks/{id}/deliveries/{delivery_id}/redeliver',
  partnerWebhooks: 'GET /admin/user/webhooks?user_id={user_id}',
  // Tasks: the account's counters and, for admins, everyone's (both are read); cancel; a build's stored log.
  myTaskCounters: 'GET /client/firmware/tasks/status',
  allTaskCounters: 'GET /admin/firmwares/tasks/status',
  cancelTask: 'POST /client/firmware/tasks/{id}/cancel',
  buildLog: { admin: 'GET /admin/firmwares/{id}/log', default: 'GET /client/firmware/firmwares/{id}/log' },
  // Issue 17: a build's history, every run (its log: buildLog with `run`); a build found by uuid (admins).
  buildRuns: {
    admin: 'GET /admin/firmwares/{id}/runs',
    default: 'GET /client/firmware/firmwares/{id}/runs',
  },
  buildByUuid: 'GET /admin/firmwares/uuid/{uuid}',
  // Issue 37: how long an earlier run's file is kept after a rebuild (admins, the settings popover).
  runRetention: 'GET /admin/settings/run-retention',
  setRunRetention: 'PUT /admin/settings/run-retention',
  liveSocket: 'GET /client/ws',
  // Set and build actions (resources/sets/setsApi.ts).
  rebuildBuild: {
    admin: 'POST /admin/firmwares/rebuild?firmware_id={id}',
    default: 'POST /client/firmware/firmwares/rebuild?firmware_id={id}',
  },
  upgradeBuild: 'POST /client/firmware/firmwares/{id}/upgrade',
  patchPools: {
    admin: 'PATCH /admin/firmwares/pool?firmware_id={id}&user_id={user_id}',
    default: 'PATCH /client/firmware/firmwares/{id}/pool',
  },
  rebuildSet: {
    admin: 'POST /admin/groups/{id}/rebuild',
    default: 'POST /client/firmware/groups/{id}/rebuild',
  },
  upgradeSet: {
    admin: 'POST /admin/groups/{id}/upgrade',
    default: 'POST /client/firmware/groups/{id}/upgrade',
  },
  setLink: 'PATCH /client/firmware/groups/{id}/link',
  upgradeSetPreview: {
    admin: 'GET /admin/groups/{id}/upgrade',
    default: 'GET /client/firmware/groups/{id}/upgrade',
  },
  sharedLinks: 'GET /client/firmware/firmwares/links?uuid={uuid}',
  // Admins get the options with their types; everyone else builds with the defaults.
  buildOptions: {
    admin: 'GET /admin/groups/build-options',
    default: 'GET /client/firmware/build-options/defaults',
  },
  // Partners (admins): statistics and the fee records (query user_id and series).
  analytics: 'GET /admin/analytics',
  createFee: 'POST /admin/user/fee',
  updateFee: 'PATCH /admin/user/fee',
  deleteFee: 'DELETE /admin/user/fee',
  // The catalogue (issue 17): which repositories make up a series, replaced as a whole.
  replaceSeriesRepositories: 'PUT /admin/series-repository',
  // Issue 17: admins bring back what was removed (custom/restore/RestoreButton.tsx).
  restoreRelease: 'POST /admin/releases/{id}/restore',
  restorePartner: 'POST /admin/user/restore?user_id={id}',
  restoreSet: 'POST /admin/groups/{id}/restore',
  // Running the service (issue 17): what a removal touches (query release, license or model); CSV exports.
  impact: 'GET /admin/impact',
  exportPartners: 'GET /admin/exports/partners.csv',
  exportLicenses: 'GET /admin/exports/licenses.csv',
  exportBuilds: 'GET /admin/exports/builds.csv',
  // Issue 42: a dashboard chart's data (query range): everyone's for staff, the account's own otherwise.
  dashboardChart: { admin: 'GET /admin/dashboard/{chart}', default: 'GET /client/dashboard/{chart}' },
} satisfies Record<string, Route | RoleRoute>;

export type CallName = keyof typeof calls;

/** The route for the signed-in role: the admin one where the table has one. */
export const routeFor = (route: Route | RoleRoute, admin: boolean): Route =>
  typeof route === 'string' ? route : admin ? route.admin : route.default;

type Query = Record<string, QueryValue>;

export interface FilledRoute {
  method: HttpMethod;
  path: string;
  query: Query;
}

/** "PATCH /admin/user?user_id={id}" with its placeholders filled. */
export function fillRoute(route: Route, values: Record<string, unknown>): FilledRoute {
  const [method, target] = route.trim().split(/\s+/, 2) as [HttpMethod, string];
  const filled = target.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
  const [path, search = ''] = filled.split('?');
  const query: Query = {};
  for (const [key, value] of new URLSearchParams(search)) query[key] = value;
  return { method, path, query };
}

/**
 * A named call for the role (`admin`): its path, and the request options its route gives (the method, and the
 * query when the route has one), `{name}`s filled from `values`.
 */
export function callOf(
  name: CallName,
  values: Record<string, unknown> = {},
  admin = false,
): { path: string; request: { method: HttpMethod; query?: Query } } {
  const { method, path, query } = fillRoute(routeFor(calls[name], admin), values);
  return { path, request: Object.keys(query).length > 0 ? { method, query } : { method } };
}
