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
import type { MinerModel } from '../../../contract/rules/catalogue';

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
