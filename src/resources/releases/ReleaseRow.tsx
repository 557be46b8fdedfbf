import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import { Box, Collapse, IconButton, TableCell, TableRow, Typography } from '@mui/material';
import { memo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { HintTooltip } from '../../ui/HintTooltip';
import { ReleaseDetails } from './ReleaseDetails';
import { ReleaseMarks } from './ReleaseMarks';
import { ReleaseRowActions } from './ReleaseRowActions';
import { ReleaseStageChip } from './ReleaseStageChip';
import { useFormatDate } from './releaseDates';
import { descriptionFor } from './releaseRules';
import type { Release } from './types';

export interface ReleaseRowProps {
  release: Release;
  parent?: Release;
  newer: boolean;
  lastPrerelease: boolean;
  /** The actions column is there (admins and developers). */
  actionsColumn: boolean;
  /** This viewer may change this release (an admin, or its author). */
  canChange: boolean;
  /** The viewer is an admin (restores removed releases). */
  isAdmin: boolean;
  columns: number;
}

/** The description column gives way on narrow screens. */
/** Description and date step aside below 1200 px (the date is in the row's details): the table fits at 640–992. */
export const HIDDEN_WHEN_NARROW = { display: { xs: 'none', xl: 'table-cell' } };

/** The row shows the first paragraph; the details show it all. */
const summary = (text: string) => text.split(/\n\s*\n/)[0].trim();

const clamp = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' };

/** A row re-renders only when its own props change, not with every answer the list's page receives. */
export const ReleaseRow = memo(function ReleaseRow({
  release,
  parent,
  newer,
  lastPrerelease,
  actionsColumn,
  canChange,
  isAdmin,
  columns,
}: ReleaseRowProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const formatDate = useFormatDate();
  const [open, setOpen] = useState(false);
  const description = descriptionFor(release, locale);
  const name = `${release.series} ${release.version}`;
  const toggle = translate(open ? 'resources.releases.hide_details' : 'resources.releases.show_details');

  return (
    <>
      <TableRow
        hover
        data-testid={`release-${release.id}`}
        aria-label={name}
        onClick={() => setOpen(!open)}
        sx={{
          cursor: 'pointer',
          opacity: release.is_removed ? 0.55 : 1,
          '& > td': { py: 1.25, borderBottom: open ? 0 : undefined },
        }}
      >
        <TableCell padding="checkbox" sx={{ pl: 1 }}>
          <IconButton
            size="small"
            aria-label={toggle}
            aria-expanded={open}
            onClick={(event) => {
              event.stopPropagation();
              setOpen(!open);
            }}
          >
            <KeyboardArrowDownIcon
              fontSize="small"
              sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
            />
          </IconButton>
        </TableCell>
        <TableCell>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={release.version}>
            {release.version}
          </Typography>
          <ReleaseMarks release={release} newer={newer} lastPrerelease={lastPrerelease} />
        </TableCell>
        <TableCell>
          <ReleaseStageChip stage={release.stage} stageNumber={release.stage_number} />
        </TableCell>
        <TableCell sx={{ fontWeight: 500 }}>{release.series}</TableCell>
        <TableCell sx={HIDDEN_WHEN_NARROW}>
          <Typography variant="body2" color={description ? 'text.primary' : 'text.secondary'} sx={clamp}>
            {summary(description) || translate('resources.releases.no_description')}
          </Typography>
        </TableCell>
        <TableCell sx={HIDDEN_WHEN_NARROW}>
          <HintTooltip title={formatDate(release.created_at, 'long')}>
            <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {formatDate(release.created_at)}
            </Box>
          </HintTooltip>
        </TableCell>
        {actionsColumn && (
          <TableCell align="right" sx={{ py: 0 }} onClick={(event) => event.stopPropagation()}>
            {canChange && <ReleaseRowActions release={release} isAdmin={isAdmin} />}
          </TableCell>
        )}
      </TableRow>
      <TableRow aria-hidden={!open}>
        <TableCell colSpan={columns} sx={{ py: 0, borderBottom: open ? undefined : 0 }}>
          <Collapse in={open} unmountOnExit>
            <ReleaseDetails release={release} description={description} parent={parent} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
});
