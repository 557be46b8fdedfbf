import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, IconButton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCopyToClipboard } from '../../../ui/clipboard';
import { HintTooltip } from '../../../ui/HintTooltip';

/** A secret just made (an API token, a webhook's signing secret), shown this once with a copy button. */
export const SecretShownOnce = ({
  title,
  secret,
  testId,
  onDone,
}: {
  title: string;
  secret: string;
  testId: string;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const copy = useCopyToClipboard();
  return (
    <Alert
      severity="success"
      onClose={onDone}
      closeText={translate('app.api.hide_secret')}
      sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2">{translate('app.api.shown_once')}</Typography>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mt: 1 }}>
        <Box
          component="code"
          data-testid={testId}
          sx={{
            fontSize: '0.8rem',
            wordBreak: 'break-all',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            borderRadius: 1,
          }}
        >
          {secret}
        </Box>
        <HintTooltip title={translate('app.api.copy_secret')}>
          <IconButton aria-label={translate('app.api.copy_secret')} onClick={() => copy(secret)}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </HintTooltip>
      </Stack>
    </Alert>
  );
};
