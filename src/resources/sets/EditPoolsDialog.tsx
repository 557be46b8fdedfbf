import { DialogContent, DialogTitle } from '@mui/material';
import { useMemo } from 'react';
import { Form, useGetList, useNotify, usePermissions, useTranslate } from 'react-admin';
import type { Series } from '../../../contract/rules/catalogue';
import { useAccount } from '../../authProvider/useAccount';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { FormDialogActions } from '../../ui/FormDialogActions';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { PoolsSection } from './buildForm/PoolsSection';
import { joinPools, type PoolValues, splitPools } from './buildForm/pools';
import { serverFieldErrors } from './buildForm/serverErrors';
import { patchPools } from './setsApi';
import type { Build, PoolPreset } from './types';
import { useRefreshBuilds } from './useSetActions';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: '', order: 'ASC' as const } };

/** Edit pools (PATCH …/pool): the pools part of the build form for one build; saving rebuilds it. */
export const EditPoolsDialog = ({
  build,
  onClose,
  onSaved,
}: {
  build?: Build;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const showError = useShowError();
  const notify = useNotify();
  const refresh = useRefreshBuilds();
  const { permissions } = usePermissions();
  const isAdmin = permissions === 'admin';
  const { account } = useAccount();
  // Issue 37: the presets of the build's series' coin.
  const { data: seriesList = [] } = useGetList<Series & { id: string }>('series', ALL);
  const { data: presets = [] } = useGetList<PoolPreset & { id: string }>('poolPresets', ALL, {
    enabled: Boolean(build),
  });
  const defaultValues = useMemo(
    () => (build ? { ...splitPools(build.fee_pools_configs), series: build.series } : undefined),
    [build],
  );

  const submit = async (values: PoolValues) => {
    if (!build) return undefined;
    try {
      await patchPools(http, build, joinPools(values, isAdmin), isAdmin);
      notify('resources.firmwares.notifications.pools_saved', { type: 'success' });
      await refresh();
      onSaved();
      return undefined;
    } catch (error) {
      showError(error);
      return serverFieldErrors(error, values, isAdmin);
    }
  };

  return (
    <ResponsiveDialog
      open={Boolean(build)}
      onClose={onClose}
      maxWidth="lg"
      fullScreenBelow="md"
      titleId="pools-title"
    >
      <DialogTitle id="pools-title">
        {translate('resources.firmwares.pools_dialog.title', {
          name: build ? `${build.model} · ${build.release_version}` : '',
        })}
      </DialogTitle>
      {build && defaultValues && (
        <Form
          key={build.id}
          defaultValues={defaultValues}
          onSubmit={(v: unknown) => submit(v as PoolValues)}
          noValidate
        >
          <DialogContent dividers sx={{ bgcolor: 'background.default' }}>
            <PoolsSection
              presets={presets}
              seriesList={seriesList}
              fees={account?.fee ?? []}
              isAdmin={isAdmin}
              setId={build.group_id}
            />
          </DialogContent>
          <FormDialogActions onClose={onClose} submitLabel="resources.firmwares.pools_dialog.save" />
        </Form>
      )}
    </ResponsiveDialog>
  );
};
