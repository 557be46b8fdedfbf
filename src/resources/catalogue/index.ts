import Icon from '@mui/icons-material/CategoryOutlined';
import { lazyPage } from '../../boot/lazyPage';

/** The catalogue page (admins): one resource whose list is the tabbed page of every kind. */
const catalogue = {
  list: lazyPage(() => import('./CataloguePage').then((m) => m.CataloguePage)),
  icon: Icon,
  options: { label: 'catalogue.menu' },
};

export default catalogue;
