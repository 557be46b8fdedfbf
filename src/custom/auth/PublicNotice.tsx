// The public pages' notice: react-admin's notification shown as its snackbar would, in plain elements (part of
// the first download, so a notice shows even while the server, and with it any further code, is away).
import { useEffect } from 'react';
import type { NotificationPayload } from 'react-admin';
import { useTranslate } from 'react-admin';
import { PublicIcon } from './publicIcons';

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
  const options = notification.notificationOptions ?? {};
  const hideAfter = options.autoHideDuration === null ? null : (options.autoHideDuration ?? DEFAULT_HIDE_MS);
  useEffect(() => {
    if (hideAfter === null) return;
    const timer = setTimeout(onDone, hideAfter);
    return () => clearTimeout(timer);
  }, [hideAfter, onDone]);
  const type = notification.type ?? 'info';
  const message =
    typeof notification.message === 'string'
      ? translate(notification.message, { _: notification.message, ...options.messageArgs })
      : notification.message;
  return (
    <div className="pub-toast" data-type={type} data-multiline={options.multiLine || undefined}>
      <div role="alert">
        <span className="pub-toast-icon">
          <PublicIcon name={type} size="1.375rem" />
        </span>
        <p>{message}</p>
        <button type="button" aria-label={translate('ra.action.close')} onClick={onDone}>
          <PublicIcon name="close" size="1.25rem" />
        </button>
      </div>
    </div>
  );
};
