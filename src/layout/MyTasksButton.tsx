import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { Box, Button, type Theme, useMediaQuery } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { BADGE_CAPS } from '../../contract/constants';
import { capBadge } from '../ui/badge';
import { HintTooltip } from '../ui/HintTooltip';
import { resetPageIcon, setPageIcon } from './pageIcon';
import { useTaskCounters, useTaskStatus } from './useTaskCounters';

// Hidden on narrow screens but still the button's accessible name.
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const Counter = ({ value, color, label }: { value: number; color: string; label: string }) => (
  <HintTooltip title={label}>
    <Box
      component="span"
      // A named image: its tooltip's text is its name, and the link's name is "My tasks" and these three (issue
      // 37). No aria-label on the link: axe wants a name that holds the visible text, which "0 0 0" breaks up.
      role="img"
      aria-label={`${label}: ${value}`}
      sx={{
        minWidth: '1.5rem',
        px: 0.75,
        py: 0.125,
        borderRadius: 999,
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: 1.6,
        textAlign: 'center',
        color: value ? '#fff' : 'text.secondary',
        bgcolor: value ? color : 'action.selected',
      }}
    >
      {capBadge(value, BADGE_CAPS.myTasks)}
    </Box>
  </HintTooltip>
);

/**
 * Header button "My tasks" (spec §2 Shell) with the account's own pending, in-progress and failed counters (polled
 * by TaskPolling); it opens /tasks on the 'my' tab. The page icon follows the in-progress count: the account's
 * own, or for an admin everyone's.
 */
export const MyTasksButton = () => {
  const translate = useTranslate();
  const counters = useTaskCounters();
  // Issue 17: an admin's page icon counts every partner's running builds (the all-tasks counters).
  const running = useTaskStatus().all?.in_progress ?? counters.in_progress;
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));

  useEffect(() => setPageIcon(running), [running]);
  useEffect(() => () => resetPageIcon(), []);

  return (
    <Button
      component={Link}
      to="/tasks?tab=my"
      color="inherit"
      startIcon={<AssignmentOutlinedIcon />}
      sx={{ mr: 1, gap: 0.5, whiteSpace: 'nowrap' }}
    >
      <Box component="span" sx={compact ? visuallyHidden : { mr: 0.5 }}>
        {translate('app.header.my_tasks')}
      </Box>
      <Counter value={counters.pending} color="warning.main" label={translate('app.tasks.status.pending')} />
      <Counter
        value={counters.in_progress}
        color="info.main"
        label={translate('app.tasks.status.in_progress')}
      />
      <Counter value={counters.failed} color="error.main" label={translate('app.tasks.status.failed')} />
    </Button>
  );
};
