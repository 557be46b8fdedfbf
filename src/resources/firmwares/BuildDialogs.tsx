import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MinerModel } from '../../lib/catalogue';
import { BuildProgress, BuildStatusChip } from './StatusChips';
import type { Build } from './types';

/**
 * The list log dialog: a build's stored log. The log lines are kept by the build agents' issue; until a build
 * has any, the dialog says so.
 */
export const BuildLogDialog = ({
  build,
  lines = [],
  onClose,
}: {
  build?: Build;
  lines?: readonly string[];
  onClose: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Dialog open={Boolean(build)} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="log-title">
      <DialogTitle id="log-title">
        {translate('resources.firmwares.log.title', {
          name: build ? `${build.model} · ${build.release_version}` : '',
        })}
      </DialogTitle>
      <DialogContent dividers>
        {build && (
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
            <BuildStatusChip build={build} />
            <Box sx={{ flex: 1 }}>
              <BuildProgress build={build} />
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {build.uuid}
            </Typography>
          </Stack>
        )}
        {lines.length === 0 ? (
          <Stack alignItems="center" spacing={1} sx={{ py: 5, color: 'text.secondary' }}>
            <ReceiptLongOutlinedIcon sx={{ fontSize: '2.5rem', opacity: 0.5 }} />
            <Typography>{translate('resources.firmwares.log.empty')}</Typography>
          </Stack>
        ) : (
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 2,
              maxHeight: '60vh',
              overflow: 'auto',
              borderRadius: 2,
              bgcolor: '#0e1116',
              color: '#d6dde6',
              fontSize: '0.8rem',
              whiteSpace: 'pre-wrap',
            }}
          >
            {lines.join('\n')}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** The missing form: the set's models without a build; picking one opens the build form preset to it. */
export const MissingModelsDialog = ({
  open,
  models,
  onPick,
  onClose,
}: {
  open: boolean;
  models: readonly MinerModel[];
  onPick: (model: string) => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const bySeries = new Map<string, MinerModel[]>();
  for (const model of models) bySeries.set(model.series, [...(bySeries.get(model.series) ?? []), model]);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="missing-title">
      <DialogTitle id="missing-title">{translate('resources.firmwares.missing.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.firmwares.missing.hint')}
        </Typography>
        {models.length === 0 && <Typography>{translate('resources.firmwares.missing.none')}</Typography>}
        {[...bySeries.entries()].map(([series, list]) => (
          <Box key={series} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {series}
            </Typography>
            <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1}>
              {list.map((m) => (
                <Chip
                  key={m.name}
                  label={m.name}
                  clickable
                  color="primary"
                  variant="outlined"
                  onClick={() => onPick(m.name)}
                />
              ))}
            </Stack>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
