import Icon from '@mui/icons-material/AssignmentOutlined';
import { lazyPage } from '../../boot/lazyPage';

const tasks = {
  list: lazyPage(() => import('./TaskList').then((m) => m.TaskList)),
  icon: Icon,
};

export default tasks;
