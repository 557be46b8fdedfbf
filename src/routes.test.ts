import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { findRoute, isPublicPath, matchesRoute, NOT_FOUND_ROUTE, ROUTES } from './routes';

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

  it('matches every pattern of the table as react-router does', () => {
    const paths = [
      '/',
      '/login',
      '/login/',
      '/LOGIN',
      '/login/x',
      '/releases',
      '/releases/',
      '/releases/12',
      '/releases/12/show',
      '/releasesx',
      '/links',
      '/links/',
      '/links/my-set',
      '/links/my-set/x',
      '/links/%D0%B0',
      '/catalogue/models',
      '/find-build',
      '/find-build/x',
      '/nowhere',
    ];
    for (const { path: pattern } of [...ROUTES, NOT_FOUND_ROUTE]) {
      for (const path of paths) {
        expect(matchesRoute(pattern, path), `${pattern} against ${path}`).toBe(
          Boolean(matchPath({ path: pattern, end: true }, path)),
        );
      }
    }
  });
});
