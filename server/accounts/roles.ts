export type Role = 'admin' | 'tester' | 'developer' | 'user';

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
