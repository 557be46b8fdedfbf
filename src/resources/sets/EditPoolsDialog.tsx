import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type Theme,
  useMediaQuery,
} from '@mui/material';
import { useMemo } from 'react';
import { Form, useGetList, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useAccount } from '../../authProvider/useAccount';
import { PoolsSection } from '../../custom/buildForm/PoolsSection';
import { joinPools, type PoolValues, splitPools } from '../../custom/buildForm/pools';
import { serverFieldErrors } from '../../custom/buildForm/serverErrors';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { useShowError } from '../../dataProvider/showError';
import { patchPools } from './setsApi';
import type { Build, PoolPreset } from './types';
import { useRefreshBuilds } from './useSetActions';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: '', order: 'ASC' as const } };

const Actions = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions sx={{ px: 3, py: 2 }}>
      <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
        {translate('ra.action.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {translate('resources.firmwares.pools_dialog.save')}
      </Button>
    </DialogActions>
  );
};

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
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
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
    <Dialog
      open={Boolean(build)}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby="pools-title"
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
              fees={account?.fee ?? []}
              isAdmin={isAdmin}
              setId={build.group_id}
            />
          </DialogContent>
          <Actions onClose={onClose} />
        </Form>
      )}
    </Dialog>
  );
};
