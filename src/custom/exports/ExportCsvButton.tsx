import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccess } from '../../../contract/can-access';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { downloadBlob } from '../../dataProvider/download';
import type { QueryValue } from '../../dataProvider/httpClient';
import { callOf } from '../../dataProvider/paths';
import { useShowError } from '../../dataProvider/showError';

export type ExportName = 'exportPartners' | 'exportLicenses' | 'exportBuilds';

/** The file name the server gave (Content-Disposition), or a fallback. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

/** Hands a text to the browser as a download. The BOM fetch's text() took off goes back on, for Excel. */
function saveAs(text: string, name: string) {
  const blob = new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  downloadBlob(blob, name, 0);
}

/** "Export CSV" (admins): downloads one of the CSV exports, with the filters of the list it stands on. */
export const ExportCsvButton = ({
  name,
  query = {},
  size = 'medium',
}: {
  name: ExportName;
  query?: Record<string, QueryValue>;
  size?: 'small' | 'medium';
}) => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const showError = useShowError();
  const { permissions } = usePermissions();
  const [busy, setBusy] = useState(false);
  if (!canAccess(permissions, 'list', 'exports')) return null;
  const download = async () => {
    setBusy(true);
    try {
      const { path, request } = callOf(name);
      const response = await httpClient<string>(path, { ...request, query });
      const fallback = `${path.split('/').pop() ?? 'export.csv'}`;
      saveAs(
        String(response.json ?? ''),
        attachmentName(response.headers.get('content-disposition'), fallback),
      );
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size={size}
      startIcon={<DownloadOutlinedIcon />}
      onClick={download}
      disabled={busy}
    >
      {translate('exports.button')}
    </Button>
  );
};
