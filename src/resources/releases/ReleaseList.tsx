import { PlaceholderPage } from '../../custom/pages/PlaceholderPage';

export const ReleaseList = () => <PlaceholderPage message="app.placeholders.releases" />;
