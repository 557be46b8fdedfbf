import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCopyToClipboard } from '../../ui/clipboard';
import { HintTooltip } from '../../ui/HintTooltip';

/** The command that starts an agent on a build machine (ARCHITECTURE.md: processes). */
export const agentCommand = (token: string, server = window.location.origin) =>
  `npm run agent -- --server ${server} --token ${token}`;

const CopyField = ({ label, value }: { label: string; value: string }) => {
  const translate = useTranslate();
  const copy = useCopyToClipboard();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <Stack
        direction="row"
        alignItems="center"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'action.hover', pl: 1.5, pr: 0.5 }}
      >
        <Typography
          component="code"
          aria-label={label}
          sx={{ flex: 1, py: 1, fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all' }}
        >
          {value}
        </Typography>
        <HintTooltip title={translate('app.agents.copy')}>
          <IconButton aria-label={`${translate('app.agents.copy')}: ${label}`} onClick={() => copy(value)}>
            <ContentCopyOutlinedIcon fontSize="small" />
          </IconButton>
        </HintTooltip>
      </Stack>
    </Box>
  );
};

/**
 * An agent's token, right after it was created or regenerated: the only time it is shown (the list shows its
 * prefix only). Closing the dialog forgets it.
 */
export const AgentTokenDialog = ({
  name,
  token,
  onClose,
}: {
  name: string;
  token: string | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Dialog
      open={token !== null}
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <KeyOutlinedIcon color="primary" />
        {translate('app.agents.token_title', { name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{translate('app.agents.token_once')}</Alert>
          <CopyField label={translate('resources.agents.fields.token')} value={token ?? ''} />
          <CopyField label={translate('app.agents.command')} value={agentCommand(token ?? '')} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {translate('app.agents.token_done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
