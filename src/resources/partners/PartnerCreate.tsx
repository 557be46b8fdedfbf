import { useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { fieldErrors } from '../../dataProvider/fieldErrors';
import { useShowError } from '../../dataProvider/showError';
import { PartnerFormPage } from './PartnerFormPage';
import { createPartner, toFormValues } from './partnerSave';
import type { PartnerFormValues } from './types';

const EMPTY = toFormValues();
export const ACCOUNT_FIELDS = ['email', 'password', 'worker'];

/** /partners/create (admins): POST /admin/users, then the fee records when custom DevFee is on. */
export const PartnerCreate = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const redirect = useRedirect();
  const showError = useShowError();

  const save = async (values: PartnerFormValues) => {
    try {
      await createPartner(dataProvider, httpClient, values);
      notify('app.partners.created', { type: 'success', messageArgs: { name: values.worker } });
      redirect('/partners');
    } catch (error) {
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
      />
    </RequireAccess>
  );
};
