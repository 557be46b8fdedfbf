import { describe, expect, it } from 'vitest';
import { findRoute, isPublicPath } from './routes';

describe('route table', () => {
  it('finds the metadata of a path', () => {
    expect(findRoute('/releases').title).toBe('app.routes.releases.title');
    expect(findRoute('/releases/12').subtitle).toBe('app.routes.releases.subtitle');
    expect(findRoute('/partners').access).toBe('admin_or_developer');
    expect(findRoute('/links/my-set').layout).toBe('empty');
    expect(findRoute('/nowhere').title).toBe('app.routes.not_found.title');
  });

  it('knows the public paths', () => {
    for (const path of [
      '/login',
      '/forgot-password',
      '/reset-password',
      '/confirm-email-change',
      '/unsubscribe',
      '/links/abc',
      '/verify',
    ]) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ['/', '/releases', '/tasks', '/agents', '/components', '/nowhere']) {
      expect(isPublicPath(path)).toBe(false);
    }
  });
});
