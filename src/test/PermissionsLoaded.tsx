import { usePermissions } from 'react-admin';

/** Shows "role: <role>" once react-admin has the permissions: a test waits for it before asserting an absence. */
export const PermissionsLoaded = () => {
  const { permissions, isPending } = usePermissions();
  return isPending ? null : <span>role: {String(permissions)}</span>;
};
