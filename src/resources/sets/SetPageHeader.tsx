import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Box, Breadcrumbs, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { BuildSet } from './types';

/** 'My sets › {set}' (and the page within it), the set's name, and the page's actions on the right. */
export const SetPageHeader = ({
  set,
  subtitle,
  children,
}: {
  set: BuildSet;
  /** A page inside the set: new_build or edit_build. */
  subtitle?: 'new_build' | 'edit_build';
  children?: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    // The name takes the room it needs (at least 18rem); the actions move under it when they do not fit beside.
    <Stack
      direction="row"
      flexWrap="wrap"
      useFlexGap
      spacing={2}
      alignItems="flex-end"
      sx={{ pt: 2, pb: 0.5 }}
    >
      <Box sx={{ flex: '1 1 18rem', minWidth: 0 }}>
        <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} sx={{ fontSize: '0.875rem' }}>
          <MuiLink component={Link} to="/firmwares" underline="hover" color="inherit">
            {translate('resources.firmwares.filters.my_sets')}
          </MuiLink>
          {subtitle ? (
            <MuiLink component={Link} to={`/firmwares/${set.id}`} underline="hover" color="inherit">
              {set.name}
            </MuiLink>
          ) : (
            <Typography color="text.primary" sx={{ fontSize: 'inherit' }}>
              {set.name}
            </Typography>
          )}
          {subtitle && (
            <Typography color="text.primary" sx={{ fontSize: 'inherit' }}>
              {translate(`resources.firmwares.pages.${subtitle}`)}
            </Typography>
          )}
        </Breadcrumbs>
        <Typography variant="h5" component="h1" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
          {subtitle ? translate(`resources.firmwares.pages.${subtitle}`) : set.name}
        </Typography>
        {!subtitle && set.description && (
          <Typography color="text.secondary" sx={{ mt: 0.25 }}>
            {set.description}
          </Typography>
        )}
      </Box>
      {children && (
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ ml: 'auto' }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
};
