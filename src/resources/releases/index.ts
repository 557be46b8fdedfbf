import Icon from '@mui/icons-material/NewReleasesOutlined';
import { lazyPage } from '../../boot/lazyPage';

const releases = {
  list: lazyPage(() => import('./ReleaseList').then((m) => m.ReleaseList)),
  create: lazyPage(() => import('./ReleaseCreate').then((m) => m.ReleaseCreate)),
  edit: lazyPage(() => import('./ReleaseEdit').then((m) => m.ReleaseEdit)),
  icon: Icon,
};

export default releases;
