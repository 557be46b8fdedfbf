import {
  Alert,
  Box,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { LogoSet } from '../../../custom/account/accountApi';
import { LogoFilePicker } from '../../../custom/account/LogoFilePicker';
import { LogoPreview } from '../../../custom/account/LogoPreview';
import { logoFileProblem } from '../../../custom/account/sniffImage';
import { logoFileText } from '../../../dataProvider/logoRefusal';
import { myLogo, savedLogos } from './formModes';
import { type CustomLogoFiles, LOGO_SELECTS, type LogoSelect } from './types';
import { logoFilesError } from './validation';

const Pair = ({ set, label }: { set?: Pick<LogoSet, 'le' | 'de'>; label: string }) => (
  <Stack direction="row" spacing={1.5} sx={{ maxWidth: '32rem' }}>
    <LogoPreview src={set?.le} theme="light" alt={`${label} (light)`} />
    <LogoPreview src={set?.de} theme="dark" alt={`${label} (dark)`} />
  </Stack>
);

const validateFiles = (_: unknown, all: unknown) =>
  logoFilesError(all as Parameters<typeof logoFilesError>[0]);

/**
 * The logotype (spec §3 Build form logoSelect): the general logo, the account's own default set ('my logo'), or
 * a light and a dark image for this build or set; new images need both ('Please upload both logotypes').
 */
export const LogoInput = ({ logos }: { logos: readonly LogoSet[] }) => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const logoSelect = (useWatch({ name: 'logoSelect' }) ?? 'default') as LogoSelect;
  const savedLogoID = useWatch({ name: 'savedLogoID' }) as number | null;
  const {
    field,
    fieldState: { error, invalid },
    formState: { isSubmitted },
  } = useInput({ source: 'customLogoFiles', validate: validateFiles });
  const files = (field.value ?? { image_le: null, image_de: null }) as CustomLogoFiles;
  const general = logos.find((l) => l.id === 1);
  const saved_ = savedLogos(logos);
  const mine = (saved_.find((l) => l.id === savedLogoID) ?? myLogo(logos) ?? saved_[0]) as
    | LogoSet
    | undefined;
  const saved =
    savedLogoID && logoSelect === 'build_logo' ? logos.find((l) => l.id === savedLogoID) : undefined;
  const [fileProblem, setFileProblem] = useState<string>();
  const pick = (key: keyof CustomLogoFiles) => async (file?: File) => {
    const problem = file && (await logoFileProblem(file));
    // Issue 37: the refusal names the image and the file.
    setFileProblem(problem && file ? logoFileText(key, file.name, problem, translate) : undefined);
    // Read again after the check: the other image may have been picked meanwhile.
    const latest = (getValues('customLogoFiles') ?? files) as CustomLogoFiles;
    field.onChange({ ...latest, [key]: file && !problem ? file : null });
  };
  const message = error?.message;

  return (
    <Stack spacing={2}>
      <RadioGroup
        row
        aria-label={translate('app.build_form.logo.title')}
        value={logoSelect}
        onChange={(event) => setValue('logoSelect', event.target.value, { shouldDirty: true })}
        sx={{ gap: 1 }}
      >
        {LOGO_SELECTS.map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            disabled={value === 'my_logo' && saved_.length === 0}
            control={<Radio size="small" />}
            label={translate(`app.build_form.logo.${value}`)}
          />
        ))}
      </RadioGroup>
      {logoSelect === 'my_logo' && !mine && (
        <Alert severity="info">{translate('app.build_form.logo.no_my_logo')}</Alert>
      )}
      {logoSelect === 'default' && <Pair set={general} label={translate('app.build_form.logo.default')} />}
      {logoSelect === 'my_logo' && mine && (
        // Issue 37: any saved set can be chosen, not only the default one.
        <RadioGroup
          aria-label={translate('app.build_form.logo.saved_sets')}
          value={String(mine.id)}
          onChange={(event) => setValue('savedLogoID', Number(event.target.value), { shouldDirty: true })}
          sx={{ gap: 1 }}
        >
          {saved_.map((set) => {
            const name = translate('app.logos.set', { id: set.id });
            return (
              <FormControlLabel
                key={set.id}
                value={String(set.id)}
                control={<Radio size="small" />}
                label={
                  <Stack direction="row" spacing={1.5} alignItems="center">
                    <Typography variant="body2" sx={{ minWidth: '5rem' }}>
                      {set.is_default ? `${name} · ${translate('app.logos.default')}` : name}
                    </Typography>
                    <Pair set={set} label={name} />
                  </Stack>
                }
              />
            );
          })}
        </RadioGroup>
      )}
      {logoSelect === 'build_logo' && (
        <Box>
          {saved && !files.image_le && !files.image_de && (
            <Box sx={{ mb: 2 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('app.build_form.logo.current')}
              </Typography>
              <Pair set={saved} label={translate('app.build_form.logo.current')} />
            </Box>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: '40rem' }}>
            <LogoFilePicker theme="light" file={files.image_le ?? undefined} onChange={pick('image_le')} />
            <LogoFilePicker theme="dark" file={files.image_de ?? undefined} onChange={pick('image_de')} />
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {translate('app.build_form.logo.hint')}
          </Typography>
        </Box>
      )}
      {fileProblem && (
        <FormHelperText error role="alert">
          {fileProblem}
        </FormHelperText>
      )}
      {invalid && isSubmitted && message && (
        <FormHelperText error role="alert">
          <ValidationError error={message} />
        </FormHelperText>
      )}
    </Stack>
  );
};
