import { type Breakpoint, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A dialog that asks before an action: its title (its accessible name), what it will do, and its buttons. The
 * set dialogs (remove, upgrade all, public link) share it.
 */
export const ActionDialog = ({
  open,
  titleId,
  title,
  onClose,
  maxWidth = 'sm',
  children,
  actions,
}: {
  open: boolean;
  titleId: string;
  title: ReactNode;
  /** Absent while the action runs: the dialog stays until it ends. */
  onClose?: () => void;
  maxWidth?: Breakpoint;
  children: ReactNode;
  actions: ReactNode;
}) => (
  <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
    <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {title}
    </DialogTitle>
    <DialogContent>{children}</DialogContent>
    <DialogActions sx={{ px: 3, py: 2 }}>{actions}</DialogActions>
  </Dialog>
);
