import type { ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import { PageLoading } from '../boot/lazyPage';
import { AccessDenied } from './AccessDenied';

/** The route guard of admin-or-developer pages (spec §2): anyone else is told they have no access. */
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
  if (!canAccess) return <AccessDenied />;
  return <>{children}</>;
};
