import Icon from '@mui/icons-material/CategoryOutlined';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { lazyPage } from '../../boot/lazyPage';

const CataloguePage = lazyPage(() => import('./CataloguePage').then((m) => m.CataloguePage));

/** The catalogue page (admins): one resource whose list is the tabbed page of every kind. */
const catalogue = {
  // Guarded: the page is not a react-admin list, so nothing else keeps a partner from asking for its data.
  list: () => (
    <RequireAccess resource="catalogue">
      <CataloguePage />
    </RequireAccess>
  ),
  icon: Icon,
  options: { label: 'catalogue.menu' },
};

export default catalogue;
