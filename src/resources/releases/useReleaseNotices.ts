// The release messages of spec §8: 'Release updated', 'Release removed', and on failure the release message
// first, then the shared error display's own toasts (the last one shown stays on screen).
import { useCallback, useMemo } from 'react';
import { useNotify } from 'react-admin';
import { ERROR_TOAST, useShowError } from '../../dataProvider/showError';

export type ReleaseNotice = 'created' | 'updated' | 'removed';
const SUCCESS: Record<ReleaseNotice, string> = {
  created: 'app.notifications.release_created',
  updated: 'app.notifications.release_updated',
  removed: 'app.notifications.release_removed',
};

export function useReleaseNotices() {
  const notify = useNotify();
  const showError = useShowError();
  const success = useCallback(
    (notice: ReleaseNotice) => notify(SUCCESS[notice], { type: 'success' }),
    [notify],
  );
  const failure = useCallback(
    (kind: 'create' | 'update', error: unknown) => {
      notify(
        kind === 'create' ? 'app.errors.release_create_failed' : 'app.errors.release_update_failed',
        ERROR_TOAST,
      );
      showError(error);
    },
    [notify, showError],
  );
  const noChanges = useCallback(() => notify('app.validation.no_changes', { type: 'warning' }), [notify]);
  return useMemo(() => ({ success, failure, noChanges }), [success, failure, noChanges]);
}
