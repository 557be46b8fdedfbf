import Icon from '@mui/icons-material/MemoryOutlined';
import { lazyPage } from '../../lib/lazyPage';

const firmwares = {
  list: lazyPage(() => import('./FirmwareList').then((m) => m.FirmwareList)),
  icon: Icon,
};

export default firmwares;
