import Icon from '@mui/icons-material/PeopleAltOutlined';
import { lazyPage } from '../../lib/lazyPage';

const partners = {
  list: lazyPage(() => import('./PartnerList').then((m) => m.PartnerList)),
  icon: Icon,
};

export default partners;
