import { useMemo, useState } from 'react';
import { Confirm, useDataProvider, useGetOne, useNotify, useRedirect } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { useAccount } from '../../authProvider/useAccount';
import { PageLoading } from '../../boot/lazyPage';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { fieldErrors } from '../../dataProvider/fieldErrors';
import { useShowError } from '../../dataProvider/showError';
import { RecordMissing } from '../../ui/RecordMissing';
import { ACCOUNT_FIELDS } from './PartnerCreate';
import { PartnerDeleteButton } from './PartnerDeleteButton';
import { PartnerFormPage } from './PartnerFormPage';
import { toFormValues, updatePartner } from './partnerSave';
import type { Partner, PartnerFormValues } from './types';

const RIGHTS = ['is_admin', 'is_developer', 'is_tester', 'is_blocked'] as const;
const ownRightsChanged = (before: PartnerFormValues, after: PartnerFormValues) =>
  RIGHTS.some((flag) => Boolean(before[flag]) !== Boolean(after[flag]));

const PartnerEditForm = ({ id }: { id: string }) => {
  const dataProvider = useDataProvider();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const redirect = useRedirect();
  const showError = useShowError();
  const { data: partner, isPending, error, refetch } = useGetOne<Partner>('partners', { id: Number(id) });
  const values = useMemo(() => toFormValues(partner), [partner]);
  const { account } = useAccount();
  // An admin changing their own roles or block asks first: they may lock themselves out of this page.
  const [ownRights, setOwnRights] = useState<PartnerFormValues | null>(null);

  if (isPending) return <PageLoading />;
  if (error || !partner) return <RecordMissing />;

  const save = async (next: PartnerFormValues) => {
    if (account?.id === partner.id && ownRightsChanged(values, next) && ownRights !== next) {
      setOwnRights(next);
      return;
    }
    setOwnRights(null);
    try {
      await updatePartner(dataProvider, httpClient, partner, next);
      notify('app.partners.saved', { type: 'success', messageArgs: { name: next.worker } });
      redirect('/partners');
    } catch (e) {
      showError(e);
      // Part of the save may have gone through: show what the server holds now.
      refetch();
      return fieldErrors(e, ACCOUNT_FIELDS);
    }
  };

  return (
    <PartnerFormPage
      title={partner.worker || partner.email}
      subtitle={partner.email}
      values={values}
      isCreate={false}
      onSubmit={save}
      actions={
        <>
          <PartnerDeleteButton partner={partner} />
          <Confirm
            isOpen={ownRights !== null}
            title="app.partners.own_rights_title"
            content="app.partners.own_rights_confirm"
            onConfirm={() => ownRights && save(ownRights)}
            onClose={() => setOwnRights(null)}
          />
        </>
      }
    />
  );
};

/** /partners/:id (admins): PATCH /admin/user, then the fee records as planFeeChanges says. */
export const PartnerEdit = () => {
  const { id = '' } = useParams();
  return (
    <RequireAccess resource="partners" action="edit">
      <PartnerEditForm id={decodeURIComponent(id)} />
    </RequireAccess>
  );
};
