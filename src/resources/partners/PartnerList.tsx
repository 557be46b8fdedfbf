import { usePermissions } from 'react-admin';
import { canAccess } from '../../../contract/can-access';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { LicenseList } from './LicenseList';
import { PartnerStatistics } from './PartnerStatistics';
import { PartnersTable } from './PartnersTable';
import { usePartnersTab } from './partnersListState';

const PartnersContent = () => {
  const { permissions } = usePermissions();
  const [tab] = usePartnersTab();
  if (tab === 'licenses' && canAccess(permissions, 'list', 'licenses')) return <LicenseList />;
  return (
    <>
      {canAccess(permissions, 'list', 'analytics') && <PartnerStatistics />}
      <PartnersTable />
    </>
  );
};

/** /partners (admins and developers; statistics and licenses for admins). The top panel drives tab and filters. */
export const PartnerList = () => (
  <RequireAccess resource="partners">
    <PartnersContent />
  </RequireAccess>
);
