import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarOutlineIcon from '@mui/icons-material/StarOutline';
import { Box, Button, Chip, InputAdornment, Tab, Tabs, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { canAccess } from '../../authProvider/canAccess';
import { type PartnersTab, usePartnersFilter, usePartnersTab, usePartnersTotal } from './partnersListState';

const SEARCH_DEBOUNCE_MS = 400;

const Count = ({ value }: { value?: number }) => (
  <Box
    component="span"
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
    {value ?? '…'}
  </Box>
);

const SearchBox = () => {
  const translate = useTranslate();
  const [filter, setFilter] = usePartnersFilter();
  const [text, setText] = useState(filter.search ?? '');
  useEffect(() => {
    if (text === (filter.search ?? '')) return;
    const timer = setTimeout(() => setFilter({ search: text.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filter.search, setFilter]);
  const label = translate('resources.partners.filters.search');
  return (
    <TextField
      size="small"
      variant="outlined"
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

const VipToggle = () => {
  const translate = useTranslate();
  const [filter, setFilter] = usePartnersFilter();
  const on = Boolean(filter.by_vip);
  return (
    <Chip
      clickable
      color={on ? 'primary' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      icon={on ? <StarIcon /> : <StarOutlineIcon />}
      label={translate('resources.partners.filters.by_vip')}
      aria-pressed={on}
      onClick={() => setFilter({ by_vip: !on })}
      sx={{ bgcolor: on ? undefined : 'background.paper' }}
    />
  );
};

/** The /partners top panel (spec §2): tab 'partners' with the count, search, the VIP filter, 'add partner'. */
export const PartnersTopPanel = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { permissions } = usePermissions();
  const [tab, setTab] = usePartnersTab();
  const [total] = usePartnersTotal();
  const seesLicenses = canAccess(permissions, 'list', 'licenses');
  const current: PartnersTab = seesLicenses ? tab : 'partners';
  if (pathname.replace(/\/+$/, '') !== '/partners') return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>
      <Tabs
        value={current}
        onChange={(_, value: PartnersTab) => setTab(value)}
        sx={{ minHeight: 0, mr: 'auto' }}
      >
        <Tab
          value="partners"
          sx={{ minHeight: '2.5rem' }}
          label={
            <span>
              {translate('resources.partners.filters.partners')}
              <Count value={total} />
            </span>
          }
        />
        {seesLicenses && (
          <Tab value="licenses" sx={{ minHeight: '2.5rem' }} label={translate('app.licenses.title')} />
        )}
      </Tabs>
      {current === 'partners' && (
        <>
          <SearchBox />
          <VipToggle />
          {canAccess(permissions, 'create', 'partners') && (
            <Button
              component={Link}
              to="/partners/create"
              variant="contained"
              startIcon={<PersonAddAlt1OutlinedIcon />}
            >
              {translate('app.partners.add')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
};
