import { Alert, Box, Button, Card, Chip, Collapse, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { PageLoading } from '../../../boot/lazyPage';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { useShowError } from '../../../dataProvider/showError';
import { WebhookDeliveries } from './WebhookDeliveries';
import { listWebhooks, removeWebhook, setWebhookEnabled, WEBHOOKS_KEY, type Webhook } from './webhooksApi';

const WebhookCard = ({ webhook, onRemove }: { webhook: Webhook; onRemove: () => void }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const showError = useShowError();
  const [open, setOpen] = useState(false);
  const toggle = async () => {
    try {
      await setWebhookEnabled(http, webhook.id, !webhook.enabled);
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    } catch (error) {
      showError(error);
    }
  };
  const status = webhook.enabled
    ? translate('app.api.webhooks.enabled')
    : webhook.disabled_reason
      ? translate('app.api.webhooks.disabled_failing')
      : translate('app.api.webhooks.disabled');
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={webhook.url}
      data-testid="webhook"
      sx={{ p: 1.5 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {webhook.url}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }} flexWrap="wrap" useFlexGap>
            <Chip size="small" color={webhook.enabled ? 'success' : 'warning'} label={status} />
            {webhook.events.map((event) => (
              <Chip
                key={event}
                size="small"
                variant="outlined"
                label={translate(`app.api.events.${event}`)}
              />
            ))}
          </Stack>
        </Box>
        <Stack direction="row" spacing={0.5}>
          <Button size="small" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {translate('app.api.webhooks.deliveries')}
          </Button>
          <Button size="small" onClick={toggle}>
            {translate(webhook.enabled ? 'app.api.webhooks.disable' : 'app.api.webhooks.enable')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={onRemove}
            aria-label={translate('app.api.webhooks.remove_named', { url: webhook.url })}
          >
            {translate('app.api.webhooks.remove')}
          </Button>
        </Stack>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ mt: 1 }}>
          <WebhookDeliveries
            webhookId={webhook.id}
            label={translate('app.api.webhooks.deliveries_named', { url: webhook.url })}
          />
        </Box>
      </Collapse>
    </Card>
  );
};

/** The account's webhook endpoints, each with its status, events and delivery log (issue 38). */
export const WebhookList = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const showError = useShowError();
  const webhooks = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: () => listWebhooks(http) });
  const [removing, setRemoving] = useState<Webhook>();
  if (webhooks.isPending) return <PageLoading />;
  if (webhooks.error) return <Alert severity="error">{translate('app.api.webhooks.load_failed')}</Alert>;
  if (webhooks.data.length === 0)
    return <Typography color="text.secondary">{translate('app.api.webhooks.empty')}</Typography>;
  const remove = async () => {
    if (!removing) return;
    try {
      await removeWebhook(http, removing.id);
      setRemoving(undefined);
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Stack spacing={1}>
      {webhooks.data.map((webhook) => (
        <WebhookCard key={webhook.id} webhook={webhook} onRemove={() => setRemoving(webhook)} />
      ))}
      <Confirm
        isOpen={removing !== undefined}
        title="app.api.webhooks.remove_title"
        content="app.api.webhooks.remove_confirm"
        translateOptions={{ url: removing?.url ?? '' }}
        confirm="app.api.webhooks.remove"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setRemoving(undefined)}
      />
    </Stack>
  );
};
