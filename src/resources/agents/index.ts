import Icon from '@mui/icons-material/DnsOutlined';
import { lazyPage } from '../../layout/lazyPage';

const agents = {
  list: lazyPage(() => import('./AgentList').then((m) => m.AgentList)),
  icon: Icon,
};

export default agents;
