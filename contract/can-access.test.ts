import { describe, expect, it } from 'vitest';
import { canAccess } from './can-access';
import { ROLES } from './roles';

describe('canAccess', () => {
  it('lets everyone signed in list releases, firmwares and tasks', () => {
    for (const role of ROLES) {
      for (const resource of ['releases', 'firmwares', 'tasks']) {
        expect(canAccess(role, 'list', resource)).toBe(true);
        expect(canAccess(role, 'menu', resource)).toBe(true);
      }
    }
  });

  it('opens partners, agents and components to admins and developers only', () => {
    for (const resource of ['partners', 'agents', 'components']) {
      expect(canAccess('admin', 'list', resource)).toBe(true);
      expect(canAccess('developer', 'list', resource)).toBe(true);
      expect(canAccess('tester', 'list', resource)).toBe(false);
      expect(canAccess('user', 'list', resource)).toBe(false);
    }
  });

  it('shows the partners and agents menu entries to admins only', () => {
    expect(canAccess('admin', 'menu', 'partners')).toBe(true);
    expect(canAccess('admin', 'menu', 'agents')).toBe(true);
    expect(canAccess('developer', 'menu', 'partners')).toBe(false);
    expect(canAccess('developer', 'menu', 'agents')).toBe(false);
    expect(canAccess('user', 'menu', 'agents')).toBe(false);
  });

  it('keeps adding agents and partners, all tasks and show-removed for admins', () => {
    expect(canAccess('admin', 'create', 'agents')).toBe(true);
    expect(canAccess('developer', 'create', 'agents')).toBe(false);
    expect(canAccess('developer', 'create', 'partners')).toBe(false);
    expect(canAccess('admin', 'all', 'tasks')).toBe(true);
    expect(canAccess('tester', 'all', 'tasks')).toBe(false);
    expect(canAccess('admin', 'list', 'allTasks')).toBe(true);
    expect(canAccess('developer', 'list', 'allTasks')).toBe(false);
    expect(canAccess('admin', 'show_removed', 'settings')).toBe(true);
    expect(canAccess('developer', 'show_removed', 'settings')).toBe(false);
  });

  it('lets admins and developers create releases and receive the socket', () => {
    expect(canAccess('developer', 'create', 'releases')).toBe(true);
    expect(canAccess('user', 'create', 'releases')).toBe(false);
    expect(canAccess('tester', 'create', 'releases')).toBe(false);
    expect(canAccess('developer', 'all', 'websocket')).toBe(true);
    expect(canAccess('user', 'all', 'websocket')).toBe(false);
    // Everyone follows their own builds live.
    expect(canAccess('user', 'list', 'websocket')).toBe(true);
    expect(canAccess('tester', 'list', 'websocket')).toBe(true);
  });

  it('gives the beta toggle to testers only', () => {
    expect(canAccess('tester', 'beta', 'settings')).toBe(true);
    expect(canAccess('admin', 'beta', 'settings')).toBe(false);
  });

  it('shows the license list and the statistics to admins only', () => {
    for (const resource of ['licenses', 'analytics']) {
      expect(canAccess('admin', 'list', resource)).toBe(true);
      expect(canAccess('developer', 'list', resource)).toBe(false);
      expect(canAccess('user', 'list', resource)).toBe(false);
    }
  });

  it('denies the signed-out, unknown roles and unknown resources', () => {
    expect(canAccess(undefined, 'list', 'releases')).toBe(false);
    expect(canAccess(null, 'list', 'releases')).toBe(false);
    expect(canAccess('guest', 'list', 'releases')).toBe(false);
    expect(canAccess('admin', 'list', 'secrets')).toBe(false);
  });
});
