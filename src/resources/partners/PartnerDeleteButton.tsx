import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useShowError } from '../../dataProvider/showError';
import type { Partner } from './types';

/** Partner remove (DELETE /admin/user?user_id=), after a confirmation. */
export const PartnerDeleteButton = ({ partner }: { partner: Partner }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const showError = useShowError();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const name = partner.worker || partner.email;

  const remove = () =>
    deleteOne(
      'partners',
      { id: partner.id, previousData: partner },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('app.partners.removed', { type: 'success', messageArgs: { name } });
          redirect('/partners');
        },
        onError: (error) => {
          setOpen(false);
          showError(error);
        },
      },
    );

  return (
    <>
      <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setOpen(true)}>
        {translate('app.partners.remove')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.partners.remove_title"
        titleTranslateOptions={{ name }}
        content="app.partners.remove_confirm"
        contentTranslateOptions={{ name }}
        confirm="app.partners.remove"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
