import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, IconButton } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { callOf } from '../../dataProvider/paths';
import { useShowError } from '../../dataProvider/showError';
import { HintTooltip } from '../../ui/HintTooltip';

export type RestoreKind = 'release' | 'partner' | 'set';

const CALLS = { release: 'restoreRelease', partner: 'restorePartner', set: 'restoreSet' } as const;

export interface RestoreButtonProps {
  kind: RestoreKind;
  id: number | string;
  /** What the confirmation names: "x19 1.2.0", an e-mail, a set's name. */
  name: string;
  /** An icon button (list rows) instead of a text button. */
  compact?: boolean;
  onRestored?: () => void;
}

/**
 * Issue 17, admins only (the server checks): brings a removed release, partner or set back after a
 * confirmation. A refusal (a version or name another one now holds) is shown as the server words it.
 */
export const RestoreButton = ({ kind, id, name, compact, onRestored }: RestoreButtonProps) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const showError = useShowError();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = translate(`restore.${kind}.restore`);

  const restore = async () => {
    setBusy(true);
    try {
      const { path, request } = callOf(CALLS[kind], { id });
      await http(path, request);
      notify(`restore.${kind}.restored`, { type: 'success' });
      onRestored?.();
      refresh();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      {compact ? (
        <HintTooltip title={label}>
          <span>
            <IconButton size="small" aria-label={label} onClick={() => setOpen(true)} disabled={busy}>
              <RestoreFromTrashIcon fontSize="small" />
            </IconButton>
          </span>
        </HintTooltip>
      ) : (
        <Button
          size="small"
          startIcon={<RestoreFromTrashIcon />}
          onClick={() => setOpen(true)}
          disabled={busy}
        >
          {label}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(`restore.${kind}.restore_title`, { name })}
        content={translate(`restore.${kind}.restore_content`, { name })}
        confirm={label}
        onConfirm={restore}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
