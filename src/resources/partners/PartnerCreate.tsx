import { Alert } from '@mui/material';
import { useState } from 'react';
import { type DataProvider, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import { PAGE_SIZE } from '../../../contract/constants';
import { REMOVED_EMAIL_DETAIL } from '../../../contract/restore';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { RestoreButton } from '../../custom/restore/RestoreButton';
import { fieldErrors } from '../../dataProvider/fieldErrors';
import { useShowError } from '../../dataProvider/showError';
import { PartnerFormPage } from './PartnerFormPage';
import { createPartner, toFormValues } from './partnerSave';
import type { Partner, PartnerFormValues } from './types';

const EMPTY = toFormValues();
export const ACCOUNT_FIELDS = ['email', 'password', 'worker'];

/** The removed partner holding an e-mail, if the create was refused for that (issue 17). */
async function removedHolder(dataProvider: DataProvider, error: unknown, email: string) {
  const detail = (error as { body?: { detail?: unknown } })?.body?.detail;
  if ((error as { status?: number })?.status !== 409 || detail !== REMOVED_EMAIL_DETAIL) return undefined;
  const { data } = await dataProvider.getList<Partner>('partners', {
    pagination: { page: 1, perPage: PAGE_SIZE },
    sort: { field: 'id', order: 'ASC' },
    filter: { search: email.trim(), include_removed: true },
  });
  return data.find((p) => p.is_removed && p.email === email.trim().toLowerCase());
}

/** Offers to restore the removed partner whose e-mail the admin typed. */
const RestoreOffer = ({ partner }: { partner: Partner }) => {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1.5 }}
      action={
        <RestoreButton
          kind="partner"
          id={partner.id}
          name={partner.email}
          onRestored={() => redirect('/partners')}
        />
      }
    >
      {translate('restore.partner.removed_email')}
    </Alert>
  );
};

/** /partners/create (admins): POST /admin/users with the fee records when custom DevFee is on. */
export const PartnerCreate = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const showError = useShowError();
  const [removed, setRemoved] = useState<Partner>();

  const save = async (values: PartnerFormValues) => {
    try {
      await createPartner(dataProvider, values);
      notify('app.partners.created', { type: 'success', messageArgs: { name: values.worker } });
      redirect('/partners');
    } catch (error) {
      const holder = await removedHolder(dataProvider, error, values.email).catch(() => undefined);
      setRemoved(holder);
      if (holder) return { email: 'restore.partner.removed_email' };
      showError(error);
      return fieldErrors(error, ACCOUNT_FIELDS);
    }
  };

  return (
    <RequireAccess resource="partners" action="create">
      <PartnerFormPage
        title={translate('app.partners.add')}
        subtitle={translate('app.partners.add_hint')}
        values={EMPTY}
        isCreate
        onSubmit={save}
        notice={removed && <RestoreOffer partner={removed} />}
      />
    </RequireAccess>
  );
};
