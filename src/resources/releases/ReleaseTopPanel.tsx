import AddIcon from '@mui/icons-material/Add';
import { Box, Button, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { memo } from 'react';
import { Link, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { ALL_SERIES, useReleases, useViewer } from './useReleases';

/** A pill re-renders only when its count or choice changes. */
const Pill = memo(function Pill({
  value,
  label,
  count,
  checked,
}: {
  value: string;
  label: string;
  count: number;
  checked: boolean;
}) {
  return (
    <FormControlLabel
      value={value}
      control={
        <Radio
          size="small"
          sx={{
            position: 'absolute',
            opacity: 0,
            width: '1px',
            height: '1px',
            p: 0,
            m: 0,
            overflow: 'hidden',
          }}
        />
      }
      label={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {label}
          <Box
            component="span"
            data-testid={`count-${value}`}
            sx={{
              minWidth: '1.5rem',
              px: 0.75,
              borderRadius: 999,
              fontSize: '0.75rem',
              lineHeight: '1.25rem',
              textAlign: 'center',
              fontWeight: 600,
              bgcolor: (theme) => (checked ? theme.palette.primary.main : theme.palette.action.selected),
              color: checked ? 'primary.contrastText' : 'text.secondary',
            }}
          >
            {count}
          </Box>
        </Box>
      }
      sx={(theme) => ({
        position: 'relative',
        m: 0,
        py: 0.5,
        pl: 1.5,
        pr: 0.75,
        borderRadius: 999,
        border: `1px solid ${checked ? theme.palette.primary.main : theme.palette.divider}`,
        bgcolor: checked ? alpha(theme.palette.primary.main, 0.08) : theme.palette.background.paper,
        color: checked ? theme.palette.primary.main : theme.palette.text.primary,
        fontWeight: checked ? 600 : 500,
        cursor: 'pointer',
        userSelect: 'none',
        transition: theme.transitions.create(['background-color', 'border-color']),
        '&:hover': { borderColor: theme.palette.primary.main },
        '&:has(.Mui-focusVisible)': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        '& .MuiFormControlLabel-label': { fontWeight: 'inherit', fontSize: '0.875rem' },
      })}
    />
  );
});

/** The /releases top panel (spec §2): the series radio filter with counts, and 'new release'. */
export const ReleaseTopPanel = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { canCreate } = useViewer();
  const { all, counts, series, selected, setSelected } = useReleases();
  // The panel belongs to the list; /releases/create and /releases/:id share its route entry.
  if (pathname.replace(/\/$/, '') !== '/releases') return null;

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>
      <RadioGroup
        row
        aria-label={translate('resources.releases.filters.series')}
        value={selected}
        onChange={(event) => setSelected(event.target.value)}
        sx={{ gap: 1, flex: '1 1 24rem' }}
      >
        <Pill
          value={ALL_SERIES}
          label={translate('resources.releases.filters.all')}
          count={all.length}
          checked={selected === ALL_SERIES}
        />
        {series.map((s) => (
          <Pill
            key={s.name}
            value={s.name}
            label={s.name}
            count={counts[s.name] ?? 0}
            checked={selected === s.name}
          />
        ))}
      </RadioGroup>
      {canCreate && (
        <Button component={Link} to="/releases/create" variant="contained" startIcon={<AddIcon />}>
          {translate('resources.releases.actions.new')}
        </Button>
      )}
    </Box>
  );
};
