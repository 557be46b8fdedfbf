import LinkIcon from '@mui/icons-material/Link';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { AuthCard } from '../auth/AuthCard';

/** /links/{group_name}: the shared links of a set, public, in the empty layout. */
export const LinksPage = () => {
  const translate = useTranslate();
  const { group_name = '' } = useParams();
  return (
    <AuthCard title={translate('app.links.title')} subtitle={group_name} width="40rem">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary', py: 2 }}>
        <LinkIcon />
        <Typography>{translate('app.links.empty')}</Typography>
      </Box>
    </AuthCard>
  );
};
