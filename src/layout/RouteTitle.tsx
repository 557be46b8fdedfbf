import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { APP_NAME } from '../appInfo';
import { findRoute } from '../routes';

/** The header's title and subtitle, from the route table; the document title follows. */
export const RouteTitle = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const title = translate(route.title);
  const subtitle = route.subtitle ? translate(route.subtitle, { _: '' }) : '';

  useEffect(() => {
    document.title = title === APP_NAME ? APP_NAME : `${title} · ${APP_NAME}`;
  }, [title]);

  return (
    <Box sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
      <Typography variant="h6" component="h1" noWrap sx={{ lineHeight: 1.3 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="caption" component="p" color="text.secondary" noWrap>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
};
