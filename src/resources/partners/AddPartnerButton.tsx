import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** 'Add partner': the partner form at /partners/create. */
export const AddPartnerButton = () => {
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to="/partners/create"
      variant="contained"
      startIcon={<PersonAddAlt1OutlinedIcon />}
    >
      {translate('app.partners.add')}
    </Button>
  );
};
