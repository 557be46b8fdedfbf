import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import { Box, Chip, InputAdornment, TextField } from '@mui/material';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

// The parts the list pages' top panels (sets, partners, tasks) share: the row, a debounced search box, a
// star filter chip and a tab's count badge.

const SEARCH_DEBOUNCE_MS = 400;

/** The panel's row; it shows only on the list itself (`path`), not on the pages below it. */
export const ListPanelRow = ({ path, children }: { path: string; children: ReactNode }) => {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '') !== path) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>
      {children}
    </Box>
  );
};

/**
 * A search box that applies its text after a pause in typing. A change of the filter from elsewhere (clear
 * filters) is shown in the box.
 */
export const ListSearchBox = ({
  label,
  applied,
  onApply,
}: {
  label: string;
  applied: string;
  onApply: (search: string) => void;
}) => {
  const [text, setText] = useState(applied);
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
      onApply(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, onApply]);
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

/** An on/off filter shown as a star chip (favourites, VIP). */
export const StarFilterChip = ({
  label,
  on,
  onToggle,
  color = 'primary',
}: {
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  color?: 'primary' | 'warning';
}) => (
  <Chip
    clickable
    color={on ? color : 'default'}
    variant={on ? 'filled' : 'outlined'}
    icon={on ? <StarIcon /> : <StarOutlineIcon />}
    label={label}
    aria-pressed={on}
    onClick={() => onToggle(!on)}
    sx={{ bgcolor: on ? undefined : 'background.paper' }}
  />
);

/** A tab's count: neutral (how many items) or info (how many running). Other props (a tooltip's) go on the span. */
export const TabBadge = ({
  children,
  tone = 'neutral',
  testId,
  ...rest
}: ComponentProps<'span'> & { tone?: 'neutral' | 'info'; testId?: string }) => (
  <Box
    component="span"
    data-testid={testId}
    {...rest}
    sx={{
      ml: 1,
      px: 0.75,
      borderRadius: 999,
      fontSize: '0.75rem',
      fontWeight: 700,
      lineHeight: 1.6,
      ...(tone === 'info' ? { color: '#fff', bgcolor: 'info.main' } : { bgcolor: 'action.selected' }),
    }}
  >
    {children}
  </Box>
);
