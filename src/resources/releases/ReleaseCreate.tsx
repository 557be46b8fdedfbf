import { useState } from 'react';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { ReleaseForm, type ReleaseSave } from './ReleaseForm';
import { EMPTY_RELEASE_FORM, fieldErrors, toCreateBody } from './releaseFormValues';
import { useReleaseNotices } from './useReleaseNotices';

const CreatePage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const notices = useReleaseNotices();
  const [saving, setSaving] = useState(false);

  const save: ReleaseSave = async (values, intent) => {
    const body = toCreateBody(values, intent);
    setSaving(true);
    try {
      await dataProvider.create('releases', { data: body });
      notices.success('created');
      refresh();
      navigate('/releases');
      return undefined;
    } catch (error) {
      notices.failure('create', error);
      return fieldErrors(error, body);
    } finally {
      setSaving(false);
    }
  };

  return (
    <ReleaseForm
      title={translate('resources.releases.create_title')}
      defaultValues={EMPTY_RELEASE_FORM}
      onSave={save}
      saving={saving}
    />
  );
};

/** /releases/create, for admins and developers. */
export const ReleaseCreate = () => (
  <RequireAccess resource="releases" action="create">
    <CreatePage />
  </RequireAccess>
);
