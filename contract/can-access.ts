// Permissions (spec §6) as one pure function of the reported role, used by the SPA's authProvider (react-admin's
// canAccess), its menu and its route guard. The server guards its routes with the same groups (roles.ts).

import { ADMIN, ADMIN_OR_DEVELOPER, EVERYONE, type Role, type RoleGroup } from './roles';

/**
 * react-admin's actions (list, show, create, edit, delete, export) plus ours:
 * - `menu`: the resource has a sidebar entry;
 * - `all`: the all-tasks tab; `show_removed`: the settings switch; `beta`: the beta-testing toggle;
 * - `run_retention`: the settings' days an earlier run's file is kept (issue 37).
 */
export type Action = string;

/** Resource → action → roles allowed; `*` is any other action of that resource. Anything unlisted is denied. */
const RULES: Record<string, Record<Action, RoleGroup>> = {
  releases: {
    '*': EVERYONE,
    create: ADMIN_OR_DEVELOPER,
    edit: ADMIN_OR_DEVELOPER,
    delete: ADMIN_OR_DEVELOPER,
  },
  // The Firmwares page (react-admin's resource of /firmwares, spec §9), and the sets and builds it lists.
  firmwares: { '*': EVERYONE },
  sets: { '*': EVERYONE },
  builds: { '*': EVERYONE },
  tasks: { '*': EVERYONE, all: ADMIN },
  // The 'all tasks' tab's list (GET /admin/firmwares/tasks): the same as tasks' `all`.
  allTasks: { '*': ADMIN },
  partners: { '*': ADMIN_OR_DEVELOPER, menu: ADMIN, create: ADMIN, edit: ADMIN, delete: ADMIN },
  agents: { '*': ADMIN_OR_DEVELOPER, menu: ADMIN, create: ADMIN, edit: ADMIN, delete: ADMIN },
  components: { '*': ADMIN_OR_DEVELOPER, menu: [] },
  settings: { '*': EVERYONE, show_removed: ADMIN, run_retention: ADMIN, beta: ['tester'] },
  // The live socket: everyone follows their own builds (issue 15); admins and developers every build (spec §4).
  websocket: { '*': EVERYONE, all: ADMIN_OR_DEVELOPER },
  // The license list and the statistics on /partners.
  licenses: { '*': ADMIN },
  analytics: { '*': ADMIN },
  // The catalogue from the console (issue 17).
  catalogue: { '*': ADMIN },
  // Issue 17: finding a build by uuid, and the active sets over all partners (admins; their own menu entries).
  findBuild: { '*': ADMIN },
  activeBuilds: { '*': ADMIN },
  activeSets: { '*': ADMIN },
  // Running the service (issue 17): the audit log and the CSV exports for admins; the impact of a removal for
  // whoever may remove (a developer its own releases).
  audit: { '*': ADMIN },
  exports: { '*': ADMIN },
  impact: { '*': ADMIN_OR_DEVELOPER },
  // Issue 42: everyone's dashboard (their own builds); `all`, everyone's builds (licenses and partners: admins,
  // through licenses and analytics).
  dashboard: { '*': EVERYONE, all: ADMIN_OR_DEVELOPER },
};

/** Every resource the rules know (the list pages' access checks are answered from these at start-up). */
export const RESOURCES_WITH_RULES: readonly string[] = Object.keys(RULES);

export function canAccess(role: Role | string | undefined | null, action: Action, resource: string): boolean {
  if (!role) return false;
  const rules = RULES[resource];
  if (!rules) return false;
  const allowed = rules[action] ?? rules['*'];
  return allowed !== undefined && (allowed as readonly string[]).includes(role);
}
