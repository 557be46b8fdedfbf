import { PlaceholderPage } from '../../custom/pages/PlaceholderPage';
import { RequireAccess } from '../../custom/pages/RequireAccess';

export const AgentList = () => (
  <RequireAccess resource="agents">
    <PlaceholderPage message="app.placeholders.agents" />
  </RequireAccess>
);
