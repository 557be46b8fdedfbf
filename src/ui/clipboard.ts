import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ERROR_TOAST } from '../dataProvider/showError';

/**
 * Copies text and says so (spec §8): 'Copied to clipboard', or the error toast 'Error copying text to clipboard'.
 * Resolves true when the text was copied.
 */
export function useCopyToClipboard(): (text: string) => Promise<boolean> {
  const notify = useNotify();
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        notify('app.notifications.copied', { type: 'info' });
        return true;
      } catch (error) {
        console.error(error);
        notify('app.errors.clipboard', ERROR_TOAST);
        return false;
      }
    },
    [notify],
  );
}
