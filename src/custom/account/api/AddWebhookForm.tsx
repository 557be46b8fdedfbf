import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEvent,
} from '../../../../contract/schemas/webhook-schemas';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { errorMessages } from '../../../dataProvider/showError';
import { SecretShownOnce } from './SecretShownOnce';
import { addWebhook, WEBHOOKS_KEY, type WebhookCreated } from './webhooksApi';

/** A 422's message for one field, when the server named it. */
function fieldMessage(error: unknown, field: string): string | undefined {
  const { status, body } = error as { status?: number; body?: { detail?: unknown } };
  if (status !== 422 || !Array.isArray(body?.detail)) return undefined;
  const entry = (body.detail as { loc?: unknown[]; msg?: unknown }[]).find(
    (item) => item.loc?.at(-1) === field,
  );
  return typeof entry?.msg === 'string' ? entry.msg : undefined;
}

/** Registers a webhook endpoint: its URL and the events it hears of (issue 38). */
export const AddWebhookForm = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['build.finished', 'build.failed']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<WebhookCreated>();

  const toggle = (event: WebhookEvent) =>
    setEvents((current) =>
      current.includes(event) ? current.filter((e) => e !== event) : [...current, event],
    );

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const found = {
      url: url.trim() ? undefined : translate('app.api.webhooks.url_required'),
      events: events.length > 0 ? undefined : translate('app.api.webhooks.events_required'),
    };
    setErrors(found);
    if (found.url || found.events) return;
    setBusy(true);
    try {
      setMade(await addWebhook(http, { url: url.trim(), events }));
      setUrl('');
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    } catch (failure) {
      const urlMessage = fieldMessage(failure, 'url');
      setErrors(urlMessage ? { url: urlMessage } : { url: errorMessages(failure, translate).join(' ') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
            <TextField
              label={translate('app.api.webhooks.url')}
              value={url}
              size="small"
              type="url"
              onChange={(event) => setUrl(event.target.value)}
              error={Boolean(errors.url)}
              helperText={errors.url}
              slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX_LENGTH } }}
              sx={{ flex: 1 }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              sx={{ whiteSpace: 'nowrap', py: 1, flexShrink: 0 }}
            >
              {translate('app.api.webhooks.add')}
            </Button>
          </Stack>
          <FormGroup row aria-label={translate('app.api.webhooks.events')}>
            {WEBHOOK_EVENTS.map((event) => (
              <FormControlLabel
                key={event}
                control={
                  <Checkbox size="small" checked={events.includes(event)} onChange={() => toggle(event)} />
                }
                label={translate(`app.api.events.${event}`)}
              />
            ))}
          </FormGroup>
          {errors.events && <FormHelperText error>{errors.events}</FormHelperText>}
        </Stack>
      </Box>
      {made && (
        <SecretShownOnce
          title={translate('app.api.webhooks.made')}
          secret={made.secret}
          testId="webhook-secret"
          onDone={() => setMade(undefined)}
        />
      )}
    </Stack>
  );
};
