import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import { Box, Button, Chip, InputAdornment, Tab, Tabs, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { capBadge } from '../../lib/badge';
import { BADGE_CAPS } from '../../lib/constants';
import { SetFormDialog } from './SetFormDialog';
import { useSetsFilter, useSetsTotal } from './setsListState';

const SEARCH_DEBOUNCE_MS = 400;

const SearchBox = () => {
  const translate = useTranslate();
  const [filter, setFilter] = useSetsFilter();
  const [text, setText] = useState(filter.search ?? '');
  useEffect(() => {
    if (text.trim() === (filter.search ?? '')) return;
    const timer = setTimeout(() => setFilter({ search: text.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filter.search, setFilter]);
  const label = translate('resources.firmwares.filters.search');
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

const FavoritesToggle = () => {
  const translate = useTranslate();
  const [filter, setFilter] = useSetsFilter();
  const on = Boolean(filter.is_favorite);
  return (
    <Chip
      clickable
      color={on ? 'warning' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      icon={on ? <StarIcon /> : <StarOutlineIcon />}
      label={translate('resources.firmwares.filters.favorites')}
      aria-pressed={on}
      onClick={() => setFilter({ is_favorite: !on })}
      sx={{ bgcolor: on ? undefined : 'background.paper' }}
    />
  );
};

/** The /firmwares top panel (spec §2): tab 'my sets' with its count (capped at 999), favourites, search, 'new set'. */
export const SetsTopPanel = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [total] = useSetsTotal();
  const [creating, setCreating] = useState(false);
  // The panel belongs to the list; a set's page and the build form share its route entry.
  if (pathname.replace(/\/+$/, '') !== '/firmwares') return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>
      <Tabs value="mine" sx={{ minHeight: 0, mr: 'auto' }}>
        <Tab
          value="mine"
          sx={{ minHeight: '2.5rem' }}
          label={
            <span>
              {translate('resources.firmwares.filters.my_sets')}
              <Box
                component="span"
                data-testid="sets-count"
                sx={{
                  ml: 1,
                  px: 0.75,
                  borderRadius: 999,
                  fontSize: '0.75rem',
                  fontWeight: 700,
                  bgcolor: 'action.selected',
                  lineHeight: 1.6,
                }}
              >
                {total === undefined ? '…' : capBadge(total, BADGE_CAPS.sets)}
              </Box>
            </span>
          }
        />
      </Tabs>
      <SearchBox />
      <FavoritesToggle />
      <Button
        variant="contained"
        startIcon={<CreateNewFolderOutlinedIcon />}
        onClick={() => setCreating(true)}
      >
        {translate('resources.firmwares.actions.new_set')}
      </Button>
      <SetFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(g) => navigate(`/firmwares/${g.id}`)}
      />
    </Box>
  );
};
