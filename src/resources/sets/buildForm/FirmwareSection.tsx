import { Box, Chip, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  installTypeChoices,
  modelChoices,
  platformChoices,
  type ReleaseChoice,
  releaseChoices,
  seriesChoices,
  subsetsWithReleases,
} from './cascade';
import { FormSection } from './FormSection';
import { SUBSETS, type Subset } from './types';
import type { BuildFormData } from './useBuildFormData';
import {
  validateInstallType,
  validateModel,
  validatePlatform,
  validateRelease,
  validateSeries,
} from './validation';

const asChoices = (names: string[]) => names.map((name) => ({ id: name, name }));

const releaseLabel = (release: ReleaseChoice, translate: (key: string) => string) => {
  const stage = translate(`resources.releases.stages.${release.stage}`);
  const number = release.stage_number ? ` ${release.stage_number}` : '';
  return `${release.version} · ${stage}${number}${release.is_draft ? ` · ${translate('resources.releases.marks.draft')}` : ''}`;
};

const GRID = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } };

/** Series → model → platform → install type, then the subset and the release (spec §3 Build form). */
export const FirmwareSection = ({
  data,
  setName,
  missing,
}: {
  data: BuildFormData;
  setName: string;
  /** The set's models without a build ('List of missing models'); a click picks one. */
  missing: string[];
}) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [series, model, platform, subset] = useWatch({ name: ['series', 'model', 'platform', 'subset'] }) as [
    string,
    string,
    string,
    Subset,
  ];
  const { catalogue, releases, isAdmin, isPending } = data;
  const available = subsetsWithReleases(releases, series);
  const releaseOptions = releaseChoices(releases, series, subset).map((r) => ({
    id: r.id,
    name: releaseLabel(r, translate),
  }));
  const pickModel = (name: string) => {
    const modelSeries = catalogue.models.find((m) => m.name === name)?.series ?? series;
    setValue('series', modelSeries, { shouldDirty: true });
    setValue('model', name, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <FormSection title="app.build_form.sections.firmware" hint="app.build_form.hints.firmware">
      <TextInput
        source="set_name"
        label="app.build_form.fields.set_name"
        defaultValue={setName}
        readOnly
        fullWidth
        helperText={false}
        sx={{ mb: 2 }}
      />
      <Box sx={GRID}>
        <SelectInput
          source="series"
          label="app.build_form.fields.series"
          choices={asChoices(seriesChoices(catalogue, isAdmin))}
          validate={validateSeries}
          isPending={isPending}
          translateChoice={false}
        />
        <SelectInput
          source="model"
          label="app.build_form.fields.model"
          choices={asChoices(modelChoices(catalogue, series))}
          validate={validateModel}
          disabled={!series}
          translateChoice={false}
        />
        <SelectInput
          source="platform"
          label="app.build_form.fields.platform"
          choices={asChoices(platformChoices(catalogue, series, model))}
          validate={validatePlatform}
          disabled={!model}
          translateChoice={false}
        />
        <SelectInput
          source="installType"
          label="app.build_form.fields.install_type"
          choices={asChoices(installTypeChoices(catalogue, series, model, platform))}
          validate={validateInstallType}
          disabled={!platform}
          translateChoice={false}
        />
      </Box>
      {missing.length > 0 && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.build_form.missing_models')}
          </Typography>
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1}>
            {missing.map((name) => (
              <Chip
                key={name}
                label={name}
                variant={name === model ? 'filled' : 'outlined'}
                color={name === model ? 'primary' : 'default'}
                onClick={() => pickModel(name)}
              />
            ))}
          </Stack>
        </Box>
      )}
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2} alignItems="flex-start">
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }} id="subset-label">
            {translate('app.build_form.fields.subset')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-labelledby="subset-label"
            value={subset}
            onChange={(_, value: Subset | null) => value && setValue('subset', value, { shouldDirty: true })}
          >
            {SUBSETS.map((value) => (
              <ToggleButton
                key={value}
                value={value}
                disabled={Boolean(series) && !available.has(value)}
                sx={{ px: 2 }}
              >
                {translate(`app.build_form.subsets.${value}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <SelectInput
          source="release"
          label="app.build_form.fields.release"
          choices={releaseOptions}
          validate={validateRelease}
          disabled={!series}
          translateChoice={false}
          helperText={series && releaseOptions.length === 0 ? 'app.build_form.no_releases' : undefined}
          sx={{ flex: 1, minWidth: '14rem' }}
        />
      </Stack>
    </FormSection>
  );
};
