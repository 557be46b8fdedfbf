import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PublishOutlinedIcon from '@mui/icons-material/PublishOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { DialogContentText, IconButton, Stack } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { Confirm, Link, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { RestoreButton } from '../../custom/restore/RestoreButton';
import { HintTooltip } from '../../ui/HintTooltip';
import { ImpactNotice } from './ImpactNotice';
import type { Release, ReleasePatch } from './types';
import { useReleaseNotices } from './useReleaseNotices';

type Pending = 'publish' | 'redeploy' | 'remove';

const Action = ({
  label,
  icon,
  onClick,
  to,
  color,
  disabled,
}: {
  label: string;
  icon: ReactElement;
  onClick?: () => void;
  to?: string;
  color?: 'error' | 'primary';
  disabled?: boolean;
}) => (
  <HintTooltip title={label}>
    <span>
      {to ? (
        <IconButton size="small" aria-label={label} component={Link} to={to} disabled={disabled}>
          {icon}
        </IconButton>
      ) : (
        <IconButton size="small" aria-label={label} onClick={onClick} color={color} disabled={disabled}>
          {icon}
        </IconButton>
      )}
    </span>
  </HintTooltip>
);

/** Edit, publish (drafts), redeploy (published) and remove, for admins and developers. */
export const ReleaseRowActions = ({ release, isAdmin }: { release: Release; isAdmin: boolean }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const notices = useReleaseNotices();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${release.series} ${release.version}`;

  const patch = async (data: ReleasePatch) => {
    await dataProvider.update('releases', { id: release.id, data, previousData: release });
    notices.success('updated');
  };
  const run = async (what: Pending) => {
    setBusy(true);
    try {
      if (what === 'publish') await patch({ is_draft: false, is_public: true });
      if (what === 'redeploy') await patch({ redeploy: true });
      if (what === 'remove') {
        await dataProvider.delete('releases', { id: release.id, previousData: release });
        notices.success('removed');
      }
      refresh();
    } catch (error) {
      notices.failure('update', error);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  // Issue 17: a removed release (listed with the admin's show-removed switch) can be restored by an admin.
  if (release.is_removed) {
    return isAdmin ? (
      <Stack direction="row" justifyContent="flex-end">
        <RestoreButton kind="release" id={release.id} name={name} compact />
      </Stack>
    ) : null;
  }
  const t = (key: string) => translate(`resources.releases.actions.${key}`);
  return (
    <Stack direction="row" spacing={0.25} justifyContent="flex-end">
      <Action label={t('edit')} icon={<EditOutlinedIcon fontSize="small" />} to={`/releases/${release.id}`} />
      {release.is_draft ? (
        <Action
          label={t('publish')}
          icon={<PublishOutlinedIcon fontSize="small" />}
          onClick={() => setConfirming('publish')}
          color="primary"
          disabled={busy}
        />
      ) : (
        <Action
          label={t('redeploy')}
          icon={<ReplayIcon fontSize="small" />}
          onClick={() => setConfirming('redeploy')}
          disabled={busy}
        />
      )}
      <Action
        label={t('remove')}
        icon={<DeleteOutlineIcon fontSize="small" />}
        onClick={() => setConfirming('remove')}
        color="error"
        disabled={busy}
      />
      {/* Mounted while asked only: a closed dialog in every row is start-up work for nothing (issue 14). */}
      {confirming !== null && (
        <Confirm
          isOpen
          loading={busy}
          title={translate(`resources.releases.confirm.${confirming ?? 'remove'}_title`, { name })}
          content={
            <>
              <DialogContentText>
                {translate(`resources.releases.confirm.${confirming ?? 'remove'}_content`, { name })}
              </DialogContentText>
              {confirming === 'remove' && <ImpactNotice target={{ release: release.id }} />}
            </>
          }
          confirm={confirming ? t(confirming) : undefined}
          confirmColor={confirming === 'remove' ? 'warning' : 'primary'}
          onConfirm={() => confirming && run(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
};
