import Icon from '@mui/icons-material/DnsOutlined';
import { lazyPage } from '../../boot/lazyPage';

const agents = {
  list: lazyPage(() => import('./AgentList').then((m) => m.AgentList)),
  icon: Icon,
};

export default agents;
