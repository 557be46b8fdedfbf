import Icon from '@mui/icons-material/PeopleAltOutlined';
import { lazyPage } from '../../boot/lazyPage';

const partners = {
  list: lazyPage(() => import('./PartnerList').then((m) => m.PartnerList)),
  create: lazyPage(() => import('./PartnerCreate').then((m) => m.PartnerCreate)),
  edit: lazyPage(() => import('./PartnerEdit').then((m) => m.PartnerEdit)),
  show: lazyPage(() => import('./PartnerShow').then((m) => m.PartnerShow)),
  icon: Icon,
};

export default partners;
