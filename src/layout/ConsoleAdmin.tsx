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
  ResourceDefinitionContextProvider,
} from 'react-admin';
import { definitionsOf } from './resourceDefinitions';

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
 * The resources' definitions are given from the first render (resourceDefinitions.ts), not only registered after it.
 */
export const ConsoleAdmin = ({
  accessDenied,
  catchAll,
  children,
  layout,
  title,
  ...context
}: ConsoleAdminProps) => {
  // A function child (resources by permissions) registers later; the console has none.
  const definitions = useMemo(
    () => (typeof children === 'function' ? {} : definitionsOf(children as ReactNode)),
    [children],
  );
  return (
    <AdminContext {...context}>
      <ResourceDefinitionContextProvider definitions={definitions}>
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
          <Notification />
        </CssBaseline>
      </ResourceDefinitionContextProvider>
    </AdminContext>
  );
};
