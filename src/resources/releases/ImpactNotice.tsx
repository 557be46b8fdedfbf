import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccess } from '../../../contract/can-access';
import type { Impact } from '../../../contract/schemas/impact-schemas';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { callOf } from '../../dataProvider/paths';

/** What is about to be removed or blocked: one of a release, a license or a model. */
export type ImpactTarget = { release: number | string } | { license: number | string } | { model: string };

const kindOf = (target: ImpactTarget) =>
  'release' in target ? 'release' : 'license' in target ? 'license' : 'model';

/** GET /admin/impact for a target (admins and developers); fresh each time a dialog opens. */
export function useImpact(target: ImpactTarget, enabled = true) {
  const httpClient = useHttpClient();
  const { permissions } = usePermissions();
  const { path, request } = callOf('impact');
  return useQuery({
    queryKey: ['impact', target],
    enabled: enabled && canAccess(permissions, 'list', 'impact'),
    staleTime: 0,
    gcTime: 0,
    queryFn: async ({ signal }) =>
      (await httpClient<Impact>(path, { ...request, query: { ...target }, signal })).json,
  });
}

/**
 * "N builds use this release", for a removal or blocking confirmation: a warning when builds use it, with how
 * many sets hold them and how many are queued. Renders nothing for a role that may not ask.
 */
export const ImpactNotice = ({ target }: { target: ImpactTarget }) => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const { data, isPending, isError } = useImpact(target);
  if (!canAccess(permissions, 'list', 'impact')) return null;
  if (isError) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('impact.failed')}
      </Alert>
    );
  }
  if (isPending || !data) {
    return (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2 }} role="status">
        <CircularProgress size="1rem" />
        <Typography variant="body2" color="text.secondary">
          {translate('impact.loading')}
        </Typography>
      </Stack>
    );
  }
  return (
    <Alert severity={data.builds > 0 ? 'warning' : 'info'} sx={{ mt: 2 }} data-testid="impact-notice">
      <strong>{translate(`impact.${kindOf(target)}`, { smart_count: data.builds })}</strong>
      {data.builds > 0 && (
        <Typography variant="body2" component="div">
          {translate('impact.details', { sets: data.sets, queued: data.queued })}
        </Typography>
      )}
    </Alert>
  );
};
