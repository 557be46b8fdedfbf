import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import { PlaceholderPage } from './PlaceholderPage';

export const ComponentsPage = () => (
  <PlaceholderPage message="app.placeholders.components" icon={ExtensionOutlinedIcon} />
);
