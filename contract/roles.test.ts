import { describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_OR_DEVELOPER, EVERYONE, holdsRole, roleOf } from './roles';

const flags = (held: Partial<{ is_admin: boolean; is_developer: boolean; is_tester: boolean }>) => ({
  is_admin: false,
  is_developer: false,
  is_tester: false,
  ...held,
});

describe('roles', () => {
  it('reports the first role that holds: admin, tester, developer, user (spec §6)', () => {
    expect(roleOf(flags({ is_admin: true, is_tester: true }))).toBe('admin');
    expect(roleOf(flags({ is_tester: true, is_developer: true }))).toBe('tester');
    expect(roleOf(flags({ is_developer: true }))).toBe('developer');
    expect(roleOf(flags({}))).toBe('user');
  });

  it("guards by the account's flags, not its one reported role", () => {
    const testerDeveloper = flags({ is_tester: true, is_developer: true });
    expect(holdsRole(testerDeveloper, ADMIN_OR_DEVELOPER)).toBe(true);
    expect(holdsRole(testerDeveloper, ADMIN)).toBe(false);
    expect(holdsRole(flags({}), ADMIN_OR_DEVELOPER)).toBe(false);
    expect(holdsRole(flags({}), EVERYONE)).toBe(true);
  });
});
