import { Alert, Box, Card, CardHeader, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { PageLoading } from '../../../boot/lazyPage';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { useDates } from '../../../i18n/dates';
import { SmallTable } from '../../../ui/SmallTable';
import { type AdminWebhook, listPartnerWebhooks, partnerWebhooksKey } from './webhooksApi';

/** Enabled, disabled by its owner, or disabled by the console because it kept failing. */
const StateChip = ({ webhook }: { webhook: AdminWebhook }) => {
  const translate = useTranslate();
  const label = webhook.enabled
    ? translate('app.api.webhooks.enabled')
    : webhook.disabled_reason
      ? translate('app.api.webhooks.disabled_failing')
      : translate('app.api.webhooks.disabled');
  return (
    <Chip
      size="small"
      color={webhook.enabled ? 'success' : 'warning'}
      label={label}
      title={webhook.disabled_reason ?? undefined}
    />
  );
};

/** How the endpoint's newest delivery went: its status, answer code and time. */
const LastDelivery = ({ webhook }: { webhook: AdminWebhook }) => {
  const translate = useTranslate();
  const { format } = useDates();
  const last = webhook.last_delivery;
  if (!last)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.api.webhooks.no_deliveries')}
      </Typography>
    );
  return (
    <Box title={last.last_error ?? undefined}>
      <Typography variant="body2">
        {translate(`app.api.webhooks.statuses.${last.status}`)} · {translate('app.api.webhooks.code')}:{' '}
        {last.response_status ?? translate('app.api.webhooks.no_answer')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(`app.api.events.${last.event}`, { _: last.event })} ·{' '}
        {format(last.attempted_at ?? last.created_at, 'dateTime')}
      </Typography>
    </Box>
  );
};

/**
 * A partner's webhook endpoints on their page (admins, issue 38), read only: the address, the events, whether
 * it is enabled and how its last delivery went. Only the partner changes them; the API never shows a secret.
 */
export const PartnerWebhooks = ({ userId }: { userId: number }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const webhooks = useQuery({
    queryKey: partnerWebhooksKey(userId),
    queryFn: () => listPartnerWebhooks(http, userId),
  });
  const title = translate('app.api.webhooks.partner_title');
  let content: ReactNode;
  if (webhooks.isPending) content = <PageLoading />;
  else if (webhooks.error)
    content = <Alert severity="error">{translate('app.api.webhooks.load_failed')}</Alert>;
  else if (webhooks.data.length === 0)
    content = <Typography color="text.secondary">{translate('app.api.webhooks.partner_empty')}</Typography>;
  else
    content = (
      <SmallTable
        label={title}
        head={
          <>
            <TableCell>{translate('app.api.webhooks.endpoint')}</TableCell>
            <TableCell>{translate('app.api.webhooks.events')}</TableCell>
            <TableCell>{translate('app.api.webhooks.last_delivery')}</TableCell>
          </>
        }
      >
        {webhooks.data.map((webhook) => (
          <TableRow key={webhook.id} data-testid="partner-webhook">
            <TableCell sx={{ minWidth: 180 }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {webhook.url}
              </Typography>
              <Box sx={{ mt: 0.5 }}>
                <StateChip webhook={webhook} />
              </Box>
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
                {webhook.events.map((event) => (
                  <Chip
                    key={event}
                    size="small"
                    variant="outlined"
                    label={translate(`app.api.events.${event}`)}
                  />
                ))}
              </Stack>
            </TableCell>
            <TableCell sx={{ minWidth: 140 }}>
              <LastDelivery webhook={webhook} />
            </TableCell>
          </TableRow>
        ))}
      </SmallTable>
    );
  return (
    <Card sx={{ mt: 2 }} component="section" aria-label={title}>
      <CardHeader
        title={title}
        subheader={translate('app.api.webhooks.partner_hint')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
      />
      <Box sx={{ px: 2, pb: 2 }}>{content}</Box>
    </Card>
  );
};
