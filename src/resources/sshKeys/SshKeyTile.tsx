import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { Box, ButtonBase, Card, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HintTooltip } from '../../ui/HintTooltip';
import type { SshKeyDraft } from './sshKeysPlan';

interface SshKeyTileProps {
  draft: SshKeyDraft;
  index: number;
  errors?: { name?: string; key?: string };
  disabled?: boolean;
  onChange: (draft: SshKeyDraft) => void;
  onRemove: (draft: SshKeyDraft) => void;
}

/** One key: its name, its text and a remove button. */
export const SshKeyTile = ({ draft, index, errors, disabled, onChange, onRemove }: SshKeyTileProps) => {
  const translate = useTranslate();
  const label = draft.name.trim() || translate('app.ssh.new_key');
  return (
    <Card component="section" aria-label={label} sx={{ p: 2 }} data-testid="ssh-key">
      <Stack direction="row" spacing={1.5} alignItems="flex-start">
        <Box sx={{ color: draft.id === undefined ? 'primary.main' : 'text.secondary', pt: 1 }}>
          <KeyOutlinedIcon />
        </Box>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <TextField
            label={translate('app.ssh.name')}
            value={draft.name}
            size="small"
            disabled={disabled}
            error={Boolean(errors?.name)}
            helperText={errors?.name ? translate(errors.name, { _: errors.name }) : undefined}
            onChange={(event) => onChange({ ...draft, name: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `ssh-key-name-${index}` } }}
            sx={{ maxWidth: '20rem' }}
          />
          <TextField
            label={translate('app.ssh.key')}
            value={draft.key}
            size="small"
            multiline
            minRows={2}
            maxRows={6}
            disabled={disabled}
            placeholder="ssh-ed25519 AAAAC3Nza… user@host"
            error={Boolean(errors?.key)}
            helperText={errors?.key ? translate(errors.key, { _: errors.key }) : undefined}
            onChange={(event) => onChange({ ...draft, key: event.target.value })}
            slotProps={{
              htmlInput: {
                'data-testid': `ssh-key-text-${index}`,
                spellCheck: false,
                style: {
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: '0.8rem',
                },
              },
            }}
          />
        </Stack>
        <HintTooltip title={translate('app.ssh.remove')}>
          <span>
            <IconButton
              aria-label={translate('app.ssh.remove_named', { name: label })}
              onClick={() => onRemove(draft)}
              disabled={disabled}
              color="error"
            >
              <DeleteOutlineIcon />
            </IconButton>
          </span>
        </HintTooltip>
      </Stack>
    </Card>
  );
};

/** The add-new-key tile. */
export const AddSshKeyTile = ({ onAdd, disabled }: { onAdd: () => void; disabled?: boolean }) => {
  const translate = useTranslate();
  return (
    <ButtonBase
      onClick={onAdd}
      disabled={disabled}
      sx={(theme) => ({
        width: '100%',
        minHeight: '5rem',
        borderRadius: `${theme.shape.borderRadius}px`,
        border: `1.5px dashed ${theme.palette.divider}`,
        color: 'text.secondary',
        gap: 1,
        transition: 'border-color 120ms, color 120ms',
        '&:hover': { borderColor: theme.palette.primary.main, color: theme.palette.primary.main },
      })}
    >
      <AddIcon />
      <Typography fontWeight={600}>{translate('app.ssh.add')}</Typography>
    </ButtonBase>
  );
};
