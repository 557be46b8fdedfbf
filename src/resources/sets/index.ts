import Icon from '@mui/icons-material/MemoryOutlined';
import { lazyPage } from '../../boot/lazyPage';

/**
 * The Firmwares page (spec §2 /firmwares): the route is `firmwares`, the records of its list are sets (the
 * `groups` resource of dataProvider/paths.ts), and a set's page is /firmwares/:id with its builds (the
 * `firmwares` resource) and the build form at /firmwares/:id/build.
 */
const sets = {
  list: lazyPage(() => import('./SetList').then((m) => m.SetList)),
  edit: lazyPage(() => import('./SetRoutes').then((m) => m.SetRoutes)),
  icon: Icon,
};

export default sets;
