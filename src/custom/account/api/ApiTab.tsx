import { Alert, Link, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { API_REFERENCE_URL } from '../../../layout/ApiReferenceItem';
import { AccountSection } from '../AccountSection';
import { AddWebhookForm } from './AddWebhookForm';
import { ApiTokenList } from './ApiTokenList';
import { MakeApiTokenForm } from './MakeApiTokenForm';
import { WebhookList } from './WebhookList';

/** The API tab of 'my settings' (issue 38): the account's tokens for scripts and CI, and its webhooks. */
export const ApiTab = () => {
  const translate = useTranslate();
  return (
    <Stack>
      <AccountSection title="app.api.tokens.title" hint="app.api.tokens.hint">
        <Stack spacing={2}>
          <Alert severity="info" variant="outlined">
            {translate('app.api.tokens.lifetime')}
          </Alert>
          <Link href={API_REFERENCE_URL} target="_blank" rel="noopener">
            {translate('app.api.tokens.reference')}
          </Link>
          <MakeApiTokenForm />
          <ApiTokenList owner={{ mine: true }} />
        </Stack>
      </AccountSection>
      <AccountSection title="app.api.webhooks.title" hint="app.api.webhooks.hint">
        <Stack spacing={2}>
          <AddWebhookForm />
          <WebhookList />
        </Stack>
      </AccountSection>
    </Stack>
  );
};
