// The snackbar of the public pages' notices (a chunk of its own, fetched once the page is drawn).
import { Alert, Snackbar } from '@mui/material';
import { useState } from 'react';
import type { NotificationPayload } from 'react-admin';
import { useTranslate } from 'react-admin';

const DEFAULT_HIDE_MS = 4000;

/** Shows `notification` until it times out or is closed, then calls `onDone` (the next one follows). */
export const PublicNotice = ({
  notification,
  onDone,
}: {
  notification: NotificationPayload;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(true);
  const options = notification.notificationOptions ?? {};
  const message =
    typeof notification.message === 'string'
      ? translate(notification.message, { _: notification.message, ...options.messageArgs })
      : notification.message;
  return (
    <Snackbar
      open={open}
      autoHideDuration={
        options.autoHideDuration === null ? null : (options.autoHideDuration ?? DEFAULT_HIDE_MS)
      }
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      slotProps={{ transition: { onExited: onDone } }}
    >
      <Alert
        variant="filled"
        severity={notification.type}
        onClose={() => setOpen(false)}
        sx={{ whiteSpace: options.multiLine ? 'pre-wrap' : undefined, maxWidth: '40rem' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
};
