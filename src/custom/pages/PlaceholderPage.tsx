import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Box, Card, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslate } from 'react-admin';

/** An empty list area with a line saying what will appear here. */
export const PlaceholderPage = ({
  message,
  icon: Icon = InboxOutlinedIcon,
}: {
  message: string;
  icon?: ComponentType;
}) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Box
        role="status"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1.5,
          minHeight: '16rem',
          p: 4,
          color: 'text.secondary',
          textAlign: 'center',
          '& svg': { fontSize: '3rem', opacity: 0.5 },
        }}
      >
        <Icon />
        <Typography variant="body1">{translate(message)}</Typography>
      </Box>
    </Card>
  );
};
