import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useDataProvider, useGetIdentity, useGetList, useNotify, useStoreContext } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../../boot/lazyPage';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { newIdempotencyKey } from '../../../dataProvider/idempotencyKey';
import { useShowError } from '../../../dataProvider/showError';
import { NotFound } from '../../../layout/NotFound';
import { missingModels } from '../../builds/buildRules';
import { SetPageHeader } from '../SetPageHeader';
import type { Build } from '../types';
import { useSet } from '../useSet';
import { BuildForm } from './BuildForm';
import { type BuildDraft, draftKey, fromStored } from './buildDraft';
import {
  changedBuildFields,
  optionDefaults,
  toBuildBody,
  valuesFromBuild,
  valuesFromSet,
  withModelPreset,
} from './formModes';
import { resolveLogoId } from './logoUpload';
import { serverFieldErrors } from './serverErrors';
import type { BuildFormValues } from './types';
import { useBuildFormData } from './useBuildFormData';

/**
 * /firmwares/:id/build — the build form of a set (spec §4 modes): from the set; `?firmware_id=` from an existing
 * build (saving updates it, which rebuilds it); `?model=` a model from the 'List of missing models'.
 */
export const BuildFormPage = () => {
  const { id = '' } = useParams();
  const setId = Number(id);
  const [params] = useSearchParams();
  const buildId = Number(params.get('firmware_id') ?? '') || undefined;
  const presetModel = params.get('model') ?? '';
  const http = useHttpClient();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const showError = useShowError();
  const data = useBuildFormData();
  const set = useSet(setId);
  const builds = useGetList<Build>(
    'builds',
    { pagination: { page: 1, perPage: 100_000 }, meta: { query: { group_id: setId } } },
    { enabled: Number.isFinite(setId) && setId > 0, onError: showError },
  );
  const build = buildId ? builds.data?.find((b) => b.id === buildId) : undefined;
  // The draft is the account's: the form waits to know whose it is.
  const { identity } = useGetIdentity();
  const store = useStoreContext();
  const ready = !data.isPending && !set.isPending && !builds.isPending && identity !== undefined;

  // The form starts once per mode, when everything it needs has arrived: later refetches (polling) must not
  // reset what the user typed.
  const formKey = `${setId}-${buildId ?? ''}-${presetModel}`;
  const initial = useRef<{ key: string; values: BuildFormValues; draftKey: string; draft?: BuildDraft }>(
    undefined,
  );

  // One key per visit of the form: a second click, or a retry after a lost answer, makes no second build.
  const submission = useRef(newIdempotencyKey());
  // The build was accepted: the page is leaving, the draft is done with and leaving is not asked about.
  const left = useRef(false);
  const [leaving, setLeaving] = useState(false);
  if (ready && identity && set.data && (!buildId || build) && initial.current?.key !== formKey) {
    const blank = { ...valuesFromSet(set.data, data.logos), options: optionDefaults(data.options) };
    const values = build
      ? valuesFromBuild(build, set.data, data.logos, data.releases)
      : presetModel
        ? withModelPreset(blank, presetModel, data.catalogue)
        : blank;
    const key = draftKey(identity.id, formKey);
    initial.current = { key: formKey, values, draftKey: key, draft: fromStored(store.getItem(key), values) };
  }
  const started = initial.current?.key === formKey ? initial.current : undefined;
  const draft = useMemo(
    () => started && { key: started.draftKey, found: started.draft, settled: left },
    [started],
  );

  const missing = useMemo(
    () =>
      missingModels(builds.data ?? [], data.catalogue.models, data.catalogue.series, data.isAdmin).map(
        (m) => m.name,
      ),
    [builds.data, data.catalogue, data.isAdmin],
  );

  if (!ready) return <PageLoading />;
  if (!set.data || (buildId && !build)) return <NotFound />;

  const submit = async (values: BuildFormValues) => {
    if (left.current) return undefined;
    try {
      const logoId = await resolveLogoId(http, values, data.logos);
      const body = toBuildBody(values, logoId, data.isAdmin);
      if (build) {
        const changed = changedBuildFields(body, build);
        if (Object.keys(changed).length > 0) {
          await dataProvider.update('builds', { id: build.id, data: changed, previousData: build });
        }
        notify('resources.firmwares.notifications.build_updated', { type: 'success' });
      } else {
        const { data: created } = await dataProvider.create('builds', {
          data: body,
          meta: { idempotencyKey: submission.current },
        });
        // Issue 16: a configuration built before is served at once.
        const reused = (created as { status?: string } | undefined)?.status === 'done';
        notify(`resources.firmwares.notifications.${reused ? 'build_reused' : 'build_created'}`, {
          type: 'success',
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['builds'] });
      await queryClient.invalidateQueries({ queryKey: ['sets'] });
      // The form stays on screen until the set page has loaded: it must not take a second click meanwhile.
      left.current = true;
      if (draft) store.removeItem(draft.key);
      setLeaving(true);
      navigate(`/firmwares/${setId}`);
      return undefined;
    } catch (error) {
      showError(error);
      return serverFieldErrors(error, values, data.isAdmin);
    }
  };

  return (
    <>
      <SetPageHeader set={set.data} subtitle={build ? 'edit_build' : 'new_build'} />
      {started && draft && (
        <BuildForm
          key={formKey}
          defaultValues={started.values}
          draft={draft}
          data={data}
          setName={set.data.name}
          missing={missing}
          editing={Boolean(build)}
          locked={leaving}
          onSubmit={submit}
        />
      )}
    </>
  );
};
