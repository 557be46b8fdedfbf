import { Card, Stack, type SvgIconProps, type SxProps, type Theme, Typography } from '@mui/material';
import type { ComponentType, ElementType, ReactNode } from 'react';

/** An empty list or page in a card: a large faint icon, a title, then what to do next (`children`). */
export const EmptyCard = ({
  icon: Icon,
  title,
  titleComponent = 'p',
  padding = { py: 7, px: 2 },
  sx,
  children,
}: {
  icon: ComponentType<SvgIconProps>;
  title: ReactNode;
  titleComponent?: ElementType;
  padding?: { py: number; px: number };
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) => (
  <Card sx={sx}>
    <Stack
      alignItems="center"
      spacing={1.5}
      sx={{ ...padding, color: 'text.secondary', textAlign: 'center' }}
    >
      <Icon sx={{ fontSize: '3rem', opacity: 0.5 }} />
      <Typography variant="h6" component={titleComponent} color="text.primary">
        {title}
      </Typography>
      {children}
    </Stack>
  </Card>
);
