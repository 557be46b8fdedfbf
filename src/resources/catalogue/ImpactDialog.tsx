import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type CatalogueRecord, impactOf, type Kind } from './kinds';
import { useCatalogueWrites, useDialogWrite } from './useCatalogueWrites';

export type ImpactAction = 'block' | 'unblock' | 'remove';

/**
 * Asks before blocking, unblocking or removing, saying what it does: how many queued builds use the entry, and
 * why it cannot be removed. Going ahead is offered only where it is safe: blocking what queued builds use goes
 * ahead with `confirm` (they still finish); removing it is not offered.
 */
export const ImpactDialog = ({
  kind,
  record,
  action,
  onClose,
}: {
  kind: Kind;
  record: CatalogueRecord;
  action: ImpactAction;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const writes = useCatalogueWrites(kind);
  const { busy, run } = useDialogWrite(onClose);
  const impact = impactOf(kind, record, action);
  const name = kind.title(record);

  const goAhead = () =>
    run(
      () =>
        action === 'remove'
          ? writes.remove(record)
          : writes.setBlocked(record, action === 'block', Boolean(impact.confirm)),
      `catalogue.notify.${action === 'remove' ? 'removed' : `${action}ed`}`,
      onClose,
    );

  const label = impact.confirm ? 'go_ahead' : action;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="catalogue-impact-title">
      <DialogTitle id="catalogue-impact-title">
        {translate(`catalogue.dialog.${action}_title`, { name })}
      </DialogTitle>
      <DialogContent>
        {impact.lines.map(({ key, args }, index) =>
          key === 'catalogue.dialog.queued' || !impact.allowed ? (
            <Alert key={key} severity={impact.allowed ? 'warning' : 'error'} sx={{ mb: 1 }}>
              {translate(key, args)}
            </Alert>
          ) : (
            <Typography key={key} sx={{ mb: index < impact.lines.length - 1 ? 1 : 0 }}>
              {translate(key, args)}
            </Typography>
          ),
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {translate('catalogue.actions.cancel')}
        </Button>
        {impact.allowed && (
          <Button
            variant="contained"
            color={action === 'unblock' ? 'primary' : 'error'}
            onClick={goAhead}
            disabled={busy}
          >
            {translate(`catalogue.actions.${label}`)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
