import { PlaceholderPage } from '../../custom/pages/PlaceholderPage';
import { RequireAccess } from '../../custom/pages/RequireAccess';

export const PartnerList = () => (
  <RequireAccess resource="partners">
    <PlaceholderPage message="app.placeholders.partners" />
  </RequireAccess>
);
