import { Box, Card, CardHeader } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiTokenList } from './ApiTokenList';

/** A partner's API tokens on their page (admins, issue 38): listed, each revocable at once. */
export const PartnerApiTokens = ({ userId }: { userId: number }) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label={translate('app.api.tokens.partner_title')}>
      <CardHeader
        title={translate('app.api.tokens.partner_title')}
        subheader={translate('app.api.tokens.partner_hint')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
      />
      <Box sx={{ px: 2, pb: 2 }}>
        <ApiTokenList owner={{ mine: false, userId }} />
      </Box>
    </Card>
  );
};
