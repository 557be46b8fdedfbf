import { CssBaseline } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import {
  AdminContext,
  type AdminContextProps,
  AuthenticationError,
  CoreAdminUI,
  type CoreAdminUIProps,
  Error as ErrorPage,
  LoadingPage,
  Notification,
  ResourceDefinitionContext,
  ResourceDefinitionContextProvider,
  type ResourceDefinitionContextValue,
} from 'react-admin';
import { definitionsOf } from '../boot/resourceDefinitions';

const keep = () => {};

export type ConsoleAdminProps = AdminContextProps &
  Pick<CoreAdminUIProps, 'accessDenied' | 'catchAll' | 'children' | 'layout' | 'title'>;

/**
 * react-admin's `<Admin>` as the console uses it: its contexts, then what its `AdminUI` draws (the baseline CSS,
 * the routes, the notification), with react-admin's own loading, error and authentication-error pages.
 *
 * `<Admin>` itself is not used (issue 14): its `AdminUI` names react-admin's login page as the default of
 * `loginPage`, so even with `loginPage={false}` the console's first chunks carried that page's form, and with it
 * react-hook-form and MUI's text fields, before any page could draw. The console's sign-in page is its own
 * (main.tsx), and it has no authentication callback page.
 *
 * The resources' definitions are given from the first render (resourceDefinitions.ts), not only registered after it,
 * and they stay as given: the console's resources are its declared children. react-admin registers them anew each
 * time it sets its routes' state (at start, and again when the permissions arrive): each removed, then added back,
 * every change a render of every part reading them at default priority, in one piece (issue 14). Those
 * registrations change nothing here. A function child (resources by permissions) keeps react-admin's provider.
 */
export const ConsoleAdmin = ({
  accessDenied,
  catchAll,
  children,
  layout,
  title,
  ...context
}: ConsoleAdminProps) => {
  const fixed = useMemo<ResourceDefinitionContextValue | undefined>(
    () =>
      typeof children === 'function'
        ? undefined
        : { definitions: definitionsOf(children as ReactNode), register: keep, unregister: keep },
    [children],
  );
  const ui = (
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        accessDenied={accessDenied}
        authenticationError={AuthenticationError}
        catchAll={catchAll}
        disableTelemetry
        error={ErrorPage}
        layout={layout}
        loading={LoadingPage}
        loginPage={false}
        title={title}
      >
        {children}
      </CoreAdminUI>
      {/* At the top (issue 37, item 2.3): a notice at the bottom lay over the dialogs' buttons ("Save keys")
          and stayed there while the pointer rested on it. */}
      <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />
    </CssBaseline>
  );
  return (
    <AdminContext {...context}>
      {fixed ? (
        <ResourceDefinitionContext.Provider value={fixed}>{ui}</ResourceDefinitionContext.Provider>
      ) : (
        <ResourceDefinitionContextProvider>{ui}</ResourceDefinitionContextProvider>
      )}
    </AdminContext>
  );
};
