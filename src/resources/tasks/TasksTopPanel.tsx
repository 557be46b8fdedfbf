import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import { Box, Chip, InputAdornment, Tab, Tabs, TextField, Tooltip } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useTaskStatus } from '../../custom/shell/useTaskCounters';
import { capBadge } from '../../lib/badge';
import { BADGE_CAPS } from '../../lib/constants';
import { TaskSelectionBar } from './TaskSelectionBar';
import { type TasksTab, useTasksFilter, useTasksTab } from './tasksListState';

const SEARCH_DEBOUNCE_MS = 400;

/** A tab's badge while tasks run: how many (spec §4 Polling: the badge follows the in_progress count). */
const Count = ({ value, max }: { value: number; max: number }) => {
  const translate = useTranslate();
  if (value <= 0) return null;
  return (
    <Tooltip title={`${translate('app.tasks.status.in_progress')}: ${value}`}>
      <Box
        component="span"
        sx={{
          ml: 1,
          px: 0.75,
          borderRadius: 999,
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1.6,
          color: '#fff',
          bgcolor: 'info.main',
        }}
      >
        {capBadge(value, max)}
      </Box>
    </Tooltip>
  );
};

const SearchBox = () => {
  const translate = useTranslate();
  const [filter, setFilter] = useTasksFilter();
  const applied = filter.search ?? '';
  const [text, setText] = useState(applied);
  // The last search this box applied: another change of the filter (clear filters) is shown in the box.
  const ours = useRef(applied);
  useEffect(() => {
    if (applied === ours.current) return;
    ours.current = applied;
    setText(applied);
  }, [applied]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === applied) return;
    const timer = setTimeout(() => {
      ours.current = wanted;
      setFilter({ search: wanted });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, setFilter]);
  const label = translate('resources.tasks.filters.search');
  return (
    <TextField
      size="small"
      type="search"
      placeholder={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: '16rem' }, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
    />
  );
};

const FavouritesToggle = () => {
  const translate = useTranslate();
  const [filter, setFilter] = useTasksFilter();
  const on = Boolean(filter.is_favorite);
  return (
    <Chip
      clickable
      color={on ? 'primary' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      icon={on ? <StarIcon /> : <StarOutlineIcon />}
      label={translate('resources.tasks.filters.favorites')}
      aria-pressed={on}
      onClick={() => setFilter({ is_favorite: !on })}
      sx={{ bgcolor: on ? undefined : 'background.paper' }}
    />
  );
};

/**
 * The /tasks top panel (spec §2): tab 'my tasks' (badge max 99999), tab 'all tasks' for admins (badge max
 * 999999), favourites (of the account's own sets: the 'my' tab), search; while tasks are selected, the
 * selection bar.
 */
export const TasksTopPanel = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { canAccess: seesAll } = useCanAccess({ resource: 'tasks', action: 'all' });
  const [tab, setTab] = useTasksTab(Boolean(seesAll));
  const status = useTaskStatus();
  if (pathname.replace(/\/+$/, '') !== '/tasks') return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>
      <Tabs value={tab} onChange={(_, value: TasksTab) => setTab(value)} sx={{ minHeight: 0, mr: 'auto' }}>
        <Tab
          value="my"
          sx={{ minHeight: '2.5rem' }}
          label={
            <span>
              {translate('resources.tasks.filters.my')}
              <Count value={status.my.in_progress} max={BADGE_CAPS.myTasks} />
            </span>
          }
        />
        {seesAll && (
          <Tab
            value="all"
            sx={{ minHeight: '2.5rem' }}
            label={
              <span>
                {translate('resources.tasks.filters.all')}
                <Count value={status.all?.in_progress ?? 0} max={BADGE_CAPS.allTasks} />
              </span>
            }
          />
        )}
      </Tabs>
      <TaskSelectionBar tab={tab} />
      {tab === 'my' && <FavouritesToggle />}
      <SearchBox />
    </Box>
  );
};
