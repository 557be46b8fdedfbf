import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import LinkIcon from '@mui/icons-material/Link';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import { Box, Chip, IconButton, Link as MuiLink, Stack, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { setCounters } from '../builds/buildRules';
import { StatusCounters } from '../builds/StatusChips';
import { type SetAction, SetActionsMenu } from './SetActionsMenu';
import type { BuildSet } from './types';

const MAX_MODELS = 6;

/** One set of the list: favourite star, name and description, models, counters, actions. */
export const SetRow = ({
  group,
  onAction,
  onFavorite,
  onCopyLink,
  href = `/firmwares/${group.id}`,
}: {
  group: BuildSet;
  /** Where the set's name leads (an admin's view of a partner's set has its own page). */
  href?: string;
  onAction: (action: SetAction, group: BuildSet) => void;
  onFavorite: (group: BuildSet) => void;
  onCopyLink: (group: BuildSet) => void;
}) => {
  const translate = useTranslate();
  const models = group.models ?? [];
  const favoriteLabel = translate(
    group.is_favorite ? 'resources.firmwares.actions.unfavorite' : 'resources.firmwares.actions.favorite',
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
        opacity: group.is_removed ? 0.6 : 1,
        '&:last-of-type': { borderBottom: 0 },
        '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.03) },
      })}
    >
      <Tooltip title={favoriteLabel}>
        <IconButton
          aria-label={favoriteLabel}
          aria-pressed={group.is_favorite}
          onClick={() => onFavorite(group)}
          sx={{ color: group.is_favorite ? 'warning.main' : 'text.disabled' }}
        >
          {group.is_favorite ? <StarIcon /> : <StarOutlineIcon />}
        </IconButton>
      </Tooltip>
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
            {group.name}
          </MuiLink>
          {group.is_removed && <Chip size="small" label={translate('resources.firmwares.removed')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ mt: 0.25 }}>
          {group.description ||
            translate('resources.firmwares.builds_count', { smart_count: group.count_firmwares })}
        </Typography>
      </Box>
      <Stack
        direction="row"
        spacing={0.5}
        useFlexGap
        flexWrap="wrap"
        sx={{ gridColumn: { xs: '2 / -1', lg: 'auto' }, gridRow: { xs: 2, lg: 'auto' }, minWidth: 0 }}
      >
        {models.length === 0 && (
          <Typography variant="body2" color="text.disabled">
            {translate('resources.firmwares.no_models')}
          </Typography>
        )}
        {models.slice(0, MAX_MODELS).map((model) => (
          <Chip key={model} size="small" label={model} variant="outlined" sx={{ borderRadius: 1.5 }} />
        ))}
        {models.length > MAX_MODELS && <Chip size="small" label={`+${models.length - MAX_MODELS}`} />}
      </Stack>
      <Box sx={{ gridColumn: { xs: '2 / -1', lg: 'auto' }, gridRow: { xs: 3, lg: 'auto' } }}>
        <StatusCounters counters={setCounters(group)} />
      </Box>
      <Stack direction="row" sx={{ gridColumn: { xs: 3, lg: 'auto' }, gridRow: { xs: 1, lg: 'auto' } }}>
        <Tooltip title={translate('resources.firmwares.actions.copy_link')}>
          <IconButton
            aria-label={`${translate('resources.firmwares.actions.copy_link')}: ${group.name}`}
            onClick={() => onCopyLink(group)}
          >
            <LinkIcon />
          </IconButton>
        </Tooltip>
        <SetActionsMenu group={group} onAction={onAction} canUpgrade={group.upgrade_available} />
      </Stack>
    </Box>
  );
};
