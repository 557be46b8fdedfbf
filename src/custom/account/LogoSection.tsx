import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import { GENERAL_LOGO_ID } from '../../../contract/constants';
import type { Message } from '../../../contract/messages';
import { logoSetsAllowance } from '../../../contract/rules/account';
import type { LogoImageField } from '../../../contract/rules/logo-refusals';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { logoFileText, logoRefusals } from '../../dataProvider/logoRefusal';
import { useShowError } from '../../dataProvider/showError';
import { AccountSection } from './AccountSection';
import { type LogoSet, makeLogoDefault, uploadLogos } from './accountApi';
import { LogoFilePicker } from './LogoFilePicker';
import { LogoSetCard } from './LogoSetCard';
import { logoUploadError } from './logoFiles';
import { logoFileProblem } from './sniffImage';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

/** 'my logo for use in sets': the current sets, and a new one from a light-theme and a dark-theme image. */
export const LogoSection = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const { data: logos = [], refetch } = useGetList<LogoSet>('logos', ALL);
  const [deleteOne, { isPending: deleting }] = useDelete();
  const [light, setLight] = useState<File>();
  const [dark, setDark] = useState<File>();
  const [makeDefault, setMakeDefault] = useState(false);
  const [problem, setProblem] = useState<Message>();
  // Issue 37: a refused image is said on its picker, naming the file and the reason.
  const [refused, setRefused] = useState<Partial<Record<LogoImageField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<LogoSet>();

  const pick = (field: LogoImageField, set: (file?: File) => void) => async (file?: File) => {
    const error = file && (await logoFileProblem(file));
    setProblem(undefined);
    setRefused((shown) => ({
      ...shown,
      [field]: error && file ? logoFileText(field, file.name, error, translate) : undefined,
    }));
    set(error ? undefined : file);
  };

  const upload = async () => {
    // Issue 36: the server's allowance, said before the images travel (the general logo is nobody's).
    const own = logos.filter((logo) => logo.id !== GENERAL_LOGO_ID).length;
    const error = logoSetsAllowance(own) ?? logoUploadError(light, dark);
    setProblem(error);
    setRefused({});
    if (error || !light || !dark) return;
    setBusy(true);
    try {
      await uploadLogos(httpClient, { light, dark, makeDefault });
      notify('app.logos.uploaded', { type: 'success' });
      setLight(undefined);
      setDark(undefined);
      setMakeDefault(false);
      await refetch();
    } catch (e) {
      const onPickers = logoRefusals(e, translate);
      if (onPickers) setRefused(onPickers);
      else showError(e);
    } finally {
      setBusy(false);
    }
  };

  const makeDefaultSet = async (logo: LogoSet) => {
    try {
      await makeLogoDefault(httpClient, logo.id);
      notify('app.logos.made_default', { type: 'success' });
      await refetch();
    } catch (e) {
      showError(e);
    }
  };

  const remove = () => {
    if (!removing) return;
    deleteOne(
      'logos',
      { id: removing.id, previousData: removing },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setRemoving(undefined);
          notify('app.logos.removed', { type: 'success' });
          refetch();
        },
        onError: (e) => {
          setRemoving(undefined);
          showError(e);
        },
      },
    );
  };

  const pickers = [
    ['image_le', 'light', light, setLight],
    ['image_de', 'dark', dark, setDark],
  ] as const;

  return (
    <AccountSection title="app.logos.title" hint="app.logos.hint">
      {logos.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))',
            mb: 2,
          }}
        >
          {logos.map((logo) => (
            <LogoSetCard key={logo.id} logo={logo} onRemove={setRemoving} onMakeDefault={makeDefaultSet} />
          ))}
        </Box>
      )}
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {pickers.map(([field, theme, file, set]) => (
            <LogoFilePicker
              key={field}
              theme={theme}
              file={file}
              disabled={busy}
              error={refused[field]}
              onChange={pick(field, set)}
            />
          ))}
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {typeof problem === 'string' ? translate(problem) : translate(problem.message, problem.args)}
          </Alert>
        )}
        <Stack
          direction="row"
          alignItems="center"
          justifyContent="space-between"
          sx={{ mt: 1.5 }}
          flexWrap="wrap"
        >
          <FormControlLabel
            control={
              <Checkbox checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />
            }
            label={translate('app.logos.make_default')}
          />
          <Button
            variant="outlined"
            onClick={upload}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CloudUploadOutlinedIcon />}
          >
            {translate('app.logos.upload')}
          </Button>
        </Stack>
      </Box>
      <Confirm
        isOpen={Boolean(removing)}
        loading={deleting}
        title="app.logos.remove_title"
        content="app.logos.remove_confirm"
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setRemoving(undefined)}
      />
    </AccountSection>
  );
};
