// The route table (spec §2): access, layout and the header's title and subtitle of every route, in one place.
// Titles and subtitles are i18n keys under app.routes.

export type Access = 'public' | 'login' | 'admin_or_developer';

export interface RouteMeta {
  path: string;
  access: Access;
  /** `shell` is the sidebar/header layout; `empty` has none (spec: "When none is named, an empty layout is used"). */
  layout: 'shell' | 'empty';
  /** The resource or page name canAccess is asked about for admin-or-developer routes. */
  resource?: string;
  title: string;
  subtitle?: string;
}

const route = (
  path: string,
  access: Access,
  layout: RouteMeta['layout'],
  key: string,
  resource?: string,
): RouteMeta => ({
  path,
  access,
  layout,
  resource,
  title: `app.routes.${key}.title`,
  subtitle: layout === 'shell' ? `app.routes.${key}.subtitle` : undefined,
});

const titled = (key: string) => ({ title: `lookup.${key}.title`, subtitle: `lookup.${key}.subtitle` });

export const ROUTES: readonly RouteMeta[] = [
  route('/login', 'public', 'empty', 'login'),
  route('/forgot-password', 'public', 'empty', 'forgot_password'),
  route('/reset-password', 'public', 'empty', 'reset_password'),
  route('/confirm-email-change', 'public', 'empty', 'confirm_email_change'),
  route('/unsubscribe', 'public', 'empty', 'unsubscribe'),
  route('/links/:group_name', 'public', 'empty', 'links'),
  route('/verify', 'public', 'empty', 'verify'),
  route('/', 'login', 'shell', 'home'),
  route('/dashboard', 'login', 'shell', 'dashboard', 'dashboard'),
  route('/releases/*', 'login', 'shell', 'releases', 'releases'),
  route('/firmwares/*', 'login', 'shell', 'firmwares', 'firmwares'),
  route('/tasks/*', 'login', 'shell', 'tasks', 'tasks'),
  route('/partners/*', 'admin_or_developer', 'shell', 'partners', 'partners'),
  route('/agents/*', 'admin_or_developer', 'shell', 'agents', 'agents'),
  route('/audit/*', 'admin_or_developer', 'shell', 'audit', 'audit'),
  route('/components', 'admin_or_developer', 'shell', 'components', 'components'),
  // The catalogue (issue 17): admins only (canAccess), its titles under the catalogue namespace.
  {
    ...route('/catalogue/*', 'admin_or_developer', 'shell', 'catalogue', 'catalogue'),
    title: 'catalogue.route.title',
    subtitle: 'catalogue.route.subtitle',
  },
  // Issue 17: admins' build lookup by uuid and the active sets over all partners (titles under lookup.*).
  { ...route('/find-build', 'admin_or_developer', 'shell', 'find_build', 'findBuild'), ...titled('find') },
  {
    ...route('/active-builds', 'admin_or_developer', 'shell', 'active', 'activeBuilds'),
    ...titled('active'),
  },
];

/** Any other path: a 404 page inside the shell, for signed-in users. */
export const NOT_FOUND_ROUTE: RouteMeta = route('*', 'login', 'shell', 'not_found');

export const PUBLIC_PATHS = ROUTES.filter((r) => r.access === 'public').map((r) => r.path);

/**
 * Whether `pathname` is one of `pattern`'s paths, as react-router matches the table's patterns (a `:name`
 * segment takes any one segment, a trailing `*` the rest, case ignored, a trailing slash allowed). Written here
 * rather than taken from react-router so that the sign-in page's first download can leave react-router out.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  const rest = wanted.at(-1) === '*';
  const fixed = rest ? wanted.slice(0, -1) : wanted;
  if (rest ? given.length < fixed.length : given.length !== fixed.length) return false;
  return fixed.every(
    (segment, i) => segment.startsWith(':') || segment.toLowerCase() === given[i].toLowerCase(),
  );
}

/** The console's home: react-admin sends `/` there (its first resource). */
export const CONSOLE_HOME = '/releases';

export function findRoute(pathname: string): RouteMeta {
  return ROUTES.find((r) => matchesRoute(r.path, pathname)) ?? NOT_FOUND_ROUTE;
}

export function isPublicPath(pathname: string): boolean {
  return findRoute(pathname).access === 'public';
}
