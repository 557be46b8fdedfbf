import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A label and its value: the label above (a caption), or `beside` it from 600 px up. Long values wrap anywhere. */
export const LabelledValue = ({
  label,
  beside = false,
  children,
}: {
  label: string;
  beside?: boolean;
  children: ReactNode;
}) => (
  <Box
    sx={
      beside
        ? {
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' },
            gap: { xs: 0, sm: 2 },
            py: 0.5,
          }
        : { minWidth: 0 }
    }
  >
    <Typography variant={beside ? 'body2' : 'caption'} color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);
