import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import LinkIcon from '@mui/icons-material/Link';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import { Box, Chip, IconButton, Link as MuiLink, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { usePermissions, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { RestoreButton } from '../../custom/restore/RestoreButton';
import { HintTooltip } from '../../ui/HintTooltip';
import { setCounters } from '../builds/buildRules';
import { StatusCounters } from '../builds/StatusChips';
import { type SetAction, SetActionsMenu } from './SetActionsMenu';
import type { BuildSet } from './types';

const MAX_MODELS = 6;

/**
 * What the set's builds are (issue 37): platforms, install types and the main pool's worker, one line that
 * ellipsises in the name's cell, so it takes no column of its own at any width.
 */
const SetHolds = ({ set }: { set: BuildSet }) => {
  const translate = useTranslate();
  const kinds = [set.platforms, set.install_types].map((list) => list?.join(', ')).filter(Boolean);
  const workers = set.main_workers ?? [];
  if (!kinds.length && !workers.length) return null;
  const text = [
    ...kinds,
    workers.length
      ? translate('resources.firmwares.main_worker', {
          smart_count: workers.length,
          worker: workers.join(', '),
        })
      : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      noWrap
      component="p"
      title={text}
      data-testid="set-holds"
    >
      {text}
    </Typography>
  );
};

/** One set of the list: favourite star, name and description, models, counters, actions. */
export const SetRow = ({
  set,
  onAction,
  onFavorite,
  onCopyLink,
  href = `/firmwares/${set.id}`,
}: {
  set: BuildSet;
  /** Where the set's name leads (an admin's view of a partner's set has its own page). */
  href?: string;
  onAction: (action: SetAction, set: BuildSet) => void;
  onFavorite: (set: BuildSet) => void;
  onCopyLink: (set: BuildSet) => void;
}) => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const models = set.models ?? [];
  const favoriteLabel = translate(
    set.is_favorite ? 'resources.firmwares.actions.unfavorite' : 'resources.firmwares.actions.favorite',
  );
  return (
    <Box
      data-testid="set-row"
      sx={(theme) => ({
        display: 'grid',
        gridTemplateColumns: {
          xs: 'auto 1fr auto',
          lg: 'auto minmax(12rem, 2fr) minmax(8rem, 2fr) auto auto',
        },
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 1,
        px: { xs: 1, md: 2 },
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        opacity: set.is_removed ? 0.6 : 1,
        '&:last-of-type': { borderBottom: 0 },
        '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.03) },
      })}
    >
      <HintTooltip title={favoriteLabel}>
        <IconButton
          aria-label={favoriteLabel}
          aria-pressed={set.is_favorite}
          onClick={() => onFavorite(set)}
          sx={{ color: set.is_favorite ? 'warning.main' : 'text.disabled' }}
        >
          {set.is_favorite ? <StarIcon /> : <StarOutlineIcon />}
        </IconButton>
      </HintTooltip>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <FolderOutlinedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
          <MuiLink
            component={Link}
            to={href}
            underline="hover"
            sx={{
              fontWeight: 600,
              color: 'text.primary',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {set.name}
          </MuiLink>
          {set.is_removed && <Chip size="small" label={translate('resources.firmwares.removed')} />}
          {set.is_removed && permissions === 'admin' && (
            <RestoreButton kind="set" id={set.id} name={set.name} compact />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ mt: 0.25 }}>
          {set.description ||
            translate('resources.firmwares.builds_count', { smart_count: set.count_firmwares })}
        </Typography>
        <SetHolds set={set} />
      </Box>
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        flexWrap="wrap"
        sx={{ gridColumn: { xs: '2 / -1', lg: 'auto' }, gridRow: { xs: 2, lg: 'auto' }, minWidth: 0 }}
      >
        {models.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.firmwares.no_models')}
          </Typography>
        )}
        {models.slice(0, MAX_MODELS).map((model) => (
          <Chip key={model} size="small" label={model} variant="outlined" sx={{ borderRadius: 1.5 }} />
        ))}
        {models.length > MAX_MODELS && <Chip size="small" label={`+${models.length - MAX_MODELS}`} />}
      </Stack>
      <Box sx={{ gridColumn: { xs: '2 / -1', lg: 'auto' }, gridRow: { xs: 3, lg: 'auto' } }}>
        <StatusCounters counters={setCounters(set)} />
      </Box>
      <Stack direction="row" sx={{ gridColumn: { xs: 3, lg: 'auto' }, gridRow: { xs: 1, lg: 'auto' } }}>
        <HintTooltip title={translate('resources.firmwares.actions.copy_link')}>
          <IconButton
            aria-label={`${translate('resources.firmwares.actions.copy_link')}: ${set.name}`}
            onClick={() => onCopyLink(set)}
          >
            <LinkIcon />
          </IconButton>
        </HintTooltip>
        <SetActionsMenu set={set} onAction={onAction} canUpgrade={set.upgrade_available} />
      </Stack>
    </Box>
  );
};
