import { Card, Stack, type SvgIconProps, type SxProps, type Theme, Typography } from '@mui/material';
import type { ComponentType, ElementType, ReactNode } from 'react';

interface EmptyStateProps {
  icon: ComponentType<SvgIconProps>;
  title: ReactNode;
  /** The title's element; its look stays that of a small heading. */
  titleComponent?: ElementType;
  /** 'body1' for a plain line, as in a table. */
  titleVariant?: 'h6' | 'body1';
  padding?: { py: number; px: number };
  /** What to do next: a hint, a button. */
  children?: ReactNode;
}

/** An empty list or page (a status): a large faint icon, a title, then what to do next. */
export const EmptyState = ({
  icon: Icon,
  title,
  titleComponent = 'p',
  titleVariant = 'h6',
  padding = { py: 7, px: 2 },
  children,
}: EmptyStateProps) => (
  <Stack
    role="status"
    alignItems="center"
    spacing={1.5}
    sx={{ ...padding, color: 'text.secondary', textAlign: 'center' }}
  >
    <Icon sx={{ fontSize: '3rem', opacity: 0.5 }} />
    <Typography
      variant={titleVariant}
      component={titleComponent}
      color={titleVariant === 'h6' ? 'text.primary' : undefined}
    >
      {title}
    </Typography>
    {children}
  </Stack>
);

/** The same in a card, where the page has no other. */
export const EmptyCard = ({ sx, ...state }: EmptyStateProps & { sx?: SxProps<Theme> }) => (
  <Card sx={sx}>
    <EmptyState {...state} />
  </Card>
);
