import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  IconButton,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { callOf } from '../../dataProvider/paths';
import { useShowError } from '../../dataProvider/showError';
import { WHOLE_LIST } from '../../dataProvider/wholeList';
import { HintTooltip } from '../../ui/HintTooltip';
import { SmallTable } from '../../ui/SmallTable';
import type { CatalogueRecord } from './kinds';

/** The repositories a series' releases name a tag of; replaced as a whole (PUT /admin/series-repository). */
const MappingDialog = ({
  series,
  current,
  repositories,
  onClose,
}: {
  series: string;
  current: string[];
  repositories: string[];
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useShowError();
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(new Set(current));
  const [busy, setBusy] = useState(false);
  const toggle = (name: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  const save = async () => {
    setBusy(true);
    try {
      const { path, request } = callOf('replaceSeriesRepositories');
      await http(path, { ...request, body: { series, repositories: [...chosen] } });
      await queryClient.invalidateQueries({ queryKey: ['seriesRepositories'] });
      notify('catalogue.notify.updated', { type: 'success' });
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="series-repositories-title">
      <DialogTitle id="series-repositories-title">
        {translate('catalogue.dialog.series_repositories', { name: series })}
      </DialogTitle>
      <DialogContent>
        <FormGroup>
          {repositories.map((name) => (
            <FormControlLabel
              key={name}
              control={<Checkbox checked={chosen.has(name)} onChange={() => toggle(name)} />}
              label={name}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {translate('catalogue.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate('catalogue.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Which repositories make up each series, with an edit button per series. */
export const SeriesRepositories = () => {
  const translate = useTranslate();
  const series = useGetList<CatalogueRecord>('catalogueSeries', WHOLE_LIST);
  const mapping = useGetList<CatalogueRecord>('seriesRepositories', WHOLE_LIST);
  const repositories = useGetList<CatalogueRecord>('catalogueRepositories', WHOLE_LIST);
  const [editing, setEditing] = useState<string | null>(null);
  const of = (name: string) =>
    (mapping.data ?? []).filter((row) => row.series === name).map((row) => String(row.repository));

  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('catalogue.fields.series_repositories')}
      </Typography>
      <SmallTable
        inline
        label={translate('catalogue.fields.series_repositories')}
        head={
          <>
            <TableCell>{translate('catalogue.fields.series')}</TableCell>
            <TableCell>{translate('catalogue.fields.repositories')}</TableCell>
            <TableCell />
          </>
        }
      >
        {(series.data ?? []).map((row) => {
          const name = String(row.name);
          const title = translate('catalogue.actions.edit');
          return (
            <TableRow key={name} hover>
              <TableCell>{name}</TableCell>
              <TableCell>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {of(name).map((repository) => (
                    <Chip key={repository} size="small" label={repository} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell align="right">
                <HintTooltip title={title}>
                  <IconButton size="small" aria-label={`${title} ${name}`} onClick={() => setEditing(name)}>
                    <EditOutlinedIcon />
                  </IconButton>
                </HintTooltip>
              </TableCell>
            </TableRow>
          );
        })}
      </SmallTable>
      {editing && (
        <MappingDialog
          series={editing}
          current={of(editing)}
          repositories={(repositories.data ?? []).map((row) => String(row.name))}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
};
