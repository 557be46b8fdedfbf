import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useGetOne, useRefresh, useTranslate } from 'react-admin';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { PageLoading } from '../../boot/lazyPage';
import { useShowError } from '../../dataProvider/showError';
import { ReleaseForm, type ReleaseSave } from './ReleaseForm';
import { fieldErrors, hasChanges, releaseChanges, toFormValues } from './releaseFormValues';
import type { Release } from './types';
import { useReleaseNotices } from './useReleaseNotices';
import { useViewer } from './useReleases';

const EditPage = ({ id }: { id: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const notices = useReleaseNotices();
  const showError = useShowError();
  const { showRemoved } = useViewer();
  const [saving, setSaving] = useState(false);
  const {
    data: release,
    isPending,
    error,
  } = useGetOne<Release>('releases', {
    id: Number(id),
    meta: { include_deleted: showRemoved },
  });
  const defaultValues = useMemo(() => (release ? toFormValues(release) : undefined), [release]);

  useEffect(() => {
    if (error) showError(error);
  }, [error, showError]);

  if (error) return <Navigate to="/releases" replace />;
  if (isPending || !release || !defaultValues) return <PageLoading />;

  const save: ReleaseSave = async (values, intent) => {
    const changes = releaseChanges(values, release, intent);
    if (!hasChanges(changes)) {
      notices.noChanges();
      return undefined;
    }
    setSaving(true);
    try {
      // Descriptions first: a published release's update deletes and recreates it under a new id.
      if (changes.descriptions) {
        await dataProvider.update('releaseDescriptions', {
          id: release.id,
          data: { descriptions: changes.descriptions },
          previousData: {},
        });
      }
      if (Object.keys(changes.patch).length > 0) {
        await dataProvider.update('releases', { id: release.id, data: changes.patch, previousData: release });
      }
      notices.success('updated');
      refresh();
      navigate('/releases');
      return undefined;
    } catch (failure) {
      notices.failure('update', failure);
      return fieldErrors(failure, { tags: changes.patch.tags, descriptions: changes.descriptions });
    } finally {
      setSaving(false);
    }
  };

  return (
    <ReleaseForm
      title={translate('resources.releases.edit_title', { name: `${release.series} ${release.version}` })}
      defaultValues={defaultValues}
      release={release}
      onSave={save}
      saving={saving}
    />
  );
};

/** /releases/:id, for admins and developers. */
export const ReleaseEdit = () => {
  const { id = '' } = useParams();
  return (
    <RequireAccess resource="releases" action="edit">
      <EditPage id={id} />
    </RequireAccess>
  );
};
