import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { LazySetFormDialog } from './LazySetFormDialog';

/** 'New set': opens the set form and, once saved, the new set's page. */
export const NewSetButton = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const mounted = useOpenedOnce(creating);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<CreateNewFolderOutlinedIcon />}
        onClick={() => setCreating(true)}
      >
        {translate('resources.firmwares.actions.new_set')}
      </Button>
      {mounted && (
        <LazySetFormDialog
          open={creating}
          onClose={() => setCreating(false)}
          onSaved={(g) => navigate(`/firmwares/${g.id}`)}
        />
      )}
    </>
  );
};
