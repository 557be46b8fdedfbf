import Icon from '@mui/icons-material/NewReleasesOutlined';
import { lazyPage } from '../../lib/lazyPage';

const releases = {
  list: lazyPage(() => import('./ReleaseList').then((m) => m.ReleaseList)),
  icon: Icon,
};

export default releases;
