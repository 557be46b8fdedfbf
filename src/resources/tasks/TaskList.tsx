import { PlaceholderPage } from '../../custom/pages/PlaceholderPage';

export const TaskList = () => <PlaceholderPage message="app.placeholders.tasks" />;
