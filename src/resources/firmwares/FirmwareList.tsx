import { PlaceholderPage } from '../../custom/pages/PlaceholderPage';

export const FirmwareList = () => <PlaceholderPage message="app.placeholders.firmwares" />;
