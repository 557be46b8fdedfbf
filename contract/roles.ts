// The role model (spec §6), one for the SPA and the server: the account's three flags, the role it reports,
// and the groups of roles that the permissions (can-access.ts) and the server's guards name.

export const ROLES = ['admin', 'tester', 'developer', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** The account's flags, as stored and as `GET /client/account/info` answers them. */
export interface RoleFlags {
  is_admin: boolean;
  is_developer: boolean;
  is_tester: boolean;
}

/** The reported role is the first that holds, in the spec's priority order (§6): admin, tester, developer, user. */
export function roleOf(account: RoleFlags): Role {
  if (account.is_admin) return 'admin';
  if (account.is_tester) return 'tester';
  if (account.is_developer) return 'developer';
  return 'user';
}

export type RoleGroup = readonly Role[];
export const EVERYONE: RoleGroup = ROLES;
export const ADMIN: RoleGroup = ['admin'];
export const ADMIN_OR_DEVELOPER: RoleGroup = ['admin', 'developer'];

const FLAG_OF = { admin: 'is_admin', developer: 'is_developer', tester: 'is_tester' } as const;

/**
 * Whether the account holds one of `group`'s roles by its flags, not by its one reported role: the server's
 * guards ask this, so a tester who is also a developer passes a developer's guard although it reports `tester`.
 * `user` is held by every account.
 */
export function holdsRole(account: RoleFlags, group: RoleGroup): boolean {
  return group.some((role) => role === 'user' || account[FLAG_OF[role]]);
}
