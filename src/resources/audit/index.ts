import Icon from '@mui/icons-material/HistoryOutlined';
import { lazyPage } from '../../boot/lazyPage';

const audit = {
  list: lazyPage(() => import('./AuditList').then((m) => m.AuditList)),
  icon: Icon,
  options: { label: 'audit.menu' },
};

export default audit;
