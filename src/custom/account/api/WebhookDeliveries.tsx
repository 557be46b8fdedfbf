import { Alert, Button, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { PageLoading } from '../../../boot/lazyPage';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { useShowError } from '../../../dataProvider/showError';
import { useDates } from '../../../i18n/dates';
import { SmallTable } from '../../../ui/SmallTable';
import { deliveriesKey, listDeliveries, redeliver } from './webhooksApi';

/** An endpoint's delivery log: each delivery's event, status, time and answer code, with "send again". */
export const WebhookDeliveries = ({ webhookId, label }: { webhookId: number; label: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useShowError();
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const { format } = useDates();
  const deliveries = useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: () => listDeliveries(http, webhookId),
  });
  if (deliveries.isPending) return <PageLoading />;
  if (deliveries.error) return <Alert severity="error">{translate('app.api.webhooks.load_failed')}</Alert>;
  if (deliveries.data.length === 0)
    return <Typography color="text.secondary">{translate('app.api.webhooks.no_deliveries')}</Typography>;

  const again = async (id: number) => {
    try {
      await redeliver(http, webhookId, id);
      notify('app.api.webhooks.sent_again', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <SmallTable
      label={label}
      head={
        <>
          <TableCell>{translate('app.api.webhooks.event')}</TableCell>
          <TableCell>{translate('app.api.webhooks.status')}</TableCell>
          <TableCell>{translate('app.api.webhooks.time')}</TableCell>
          <TableCell>{translate('app.api.webhooks.code')}</TableCell>
          <TableCell />
        </>
      }
    >
      {deliveries.data.map((delivery) => (
        <TableRow key={delivery.id} data-testid="webhook-delivery">
          <TableCell>{translate(`app.api.events.${delivery.event}`, { _: delivery.event })}</TableCell>
          <TableCell>{translate(`app.api.webhooks.statuses.${delivery.status}`)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {format(delivery.attempted_at ?? delivery.created_at, 'dateTime')}
          </TableCell>
          <TableCell title={delivery.last_error ?? undefined}>
            {delivery.response_status ?? translate('app.api.webhooks.no_answer')}
          </TableCell>
          <TableCell align="right">
            <Button size="small" onClick={() => again(delivery.id)}>
              {translate('app.api.webhooks.send_again')}
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
};
