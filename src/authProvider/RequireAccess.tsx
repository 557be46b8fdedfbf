import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { PageLoading } from '../boot/lazyPage';

/** The route guard of admin-or-developer pages (spec §2): anyone else goes to /. */
export const RequireAccess = ({
  resource,
  action = 'list',
  children,
}: {
  resource: string;
  action?: string;
  children: ReactNode;
}) => {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return <PageLoading />;
  if (!canAccess) return <Navigate to="/" replace />;
  return <>{children}</>;
};

/** react-admin's access-denied route: back to / as well. */
export const GoHome = () => <Navigate to="/" replace />;
