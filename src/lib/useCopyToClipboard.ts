// Copying links and uuids (spec §8): 'Copied to clipboard' on success, 'Error copying text to clipboard' as an
// error toast otherwise.
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ERROR_TOAST } from '../errors/showError';

/** Writes the text with the Clipboard API, or the old selection trick where that API is missing. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function useCopyToClipboard(): (text: string) => Promise<boolean> {
  const notify = useNotify();
  return useCallback(
    async (text: string) => {
      try {
        await copyText(text);
        notify('app.notifications.copied', { type: 'success' });
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
