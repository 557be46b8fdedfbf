import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  BooleanInput,
  Confirm,
  Form,
  Link,
  NumberInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { minValue } from '../../../contract/rules/numbers';
import { releaseVersionIssue } from '../../../contract/rules/releases';
import { required } from '../../../contract/rules/text';
import { RELEASE_STAGES } from '../../../contract/statuses';
import { ReleaseDescriptionsInput } from './ReleaseDescriptionsInput';
import { ReleaseTagsInput } from './ReleaseTagsInput';
import type { Intent, ReleaseFormValues } from './releaseFormValues';
import type { Release } from './types';
import { useAllReleases, useAvailableSeries } from './useReleases';

/** What a save answers: nothing, or messages to place on the inputs (react-hook-form names). */
export type ReleaseSave = (
  values: ReleaseFormValues,
  intent: Intent,
) => Promise<Record<string, string> | undefined>;

export interface ReleaseFormProps {
  title: string;
  defaultValues: ReleaseFormValues;
  /** The release being edited; absent when creating. */
  release?: Release;
  onSave: ReleaseSave;
  saving: boolean;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ py: 2.5 }}>
    <Typography
      variant="subtitle2"
      color="text.secondary"
      sx={{ mb: 1.5, textTransform: 'uppercase', letterSpacing: '0.04em' }}
    >
      {title}
    </Typography>
    {children}
  </Box>
);

const validateSeries = required('model_series');
/** Required, and a semantic version agreeing with the stage (contract/rules/releases.ts, the server's rule). */
const validateVersion = [
  required('version'),
  (value: unknown, values: Partial<ReleaseFormValues>) => releaseVersionIssue(value, values?.stage),
];
const validateStage = required('stage');
const validateStageNumber = minValue(0);

const ReleaseFields = ({ release }: { release?: Release }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext<ReleaseFormValues>();
  const series = useWatch<ReleaseFormValues, 'series'>({ name: 'series' });
  const available = useAvailableSeries();
  const { data: releases = [] } = useAllReleases();
  const seriesChoices = available.series.map((s) => ({ id: s.name, name: s.name }));
  if (release && !seriesChoices.some((c) => c.id === release.series)) {
    seriesChoices.push({ id: release.series, name: release.series });
  }
  const parentChoices = releases
    .filter((r) => r.series === series && r.id !== release?.id && !r.is_removed)
    .map((r) => ({
      id: r.id,
      name: `${r.version} · ${translate(`resources.releases.stages.${r.stage}`)}${r.stage_number > 0 ? ` ${r.stage_number}` : ''}`,
    }));
  const stageChoices = RELEASE_STAGES.map((stage) => ({
    id: stage,
    name: `resources.releases.stages.${stage}`,
  }));
  const t = (key: string) => translate(`resources.releases.${key}`);

  return (
    <>
      <Section title={t('sections.release')}>
        <Box
          sx={{
            display: 'grid',
            columnGap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
          }}
        >
          <SelectInput
            source="series"
            label="resources.releases.fields.series"
            choices={seriesChoices}
            validate={validateSeries}
            disabled={Boolean(release)}
            isPending={available.isPending}
            onChange={() => {
              setValue('tags', {});
              setValue('parent', '');
            }}
          />
          <TextInput source="version" label="resources.releases.fields.version" validate={validateVersion} />
          <SelectInput
            source="stage"
            label="resources.releases.fields.stage"
            choices={stageChoices}
            validate={validateStage}
          />
          <NumberInput
            source="stage_number"
            label="resources.releases.fields.stage_number"
            min={0}
            step={1}
            validate={validateStageNumber}
          />
          <SelectInput
            source="parent"
            label="resources.releases.fields.parent"
            choices={parentChoices}
            emptyText="resources.releases.no_parent"
            disabled={!series}
            translateChoice={false}
          />
        </Box>
      </Section>
      <Divider />
      <Section title={t('fields.tags')}>
        <ReleaseTagsInput series={series} />
      </Section>
      <Divider />
      <Section title={t('fields.descriptions')}>
        <ReleaseDescriptionsInput />
      </Section>
      {release && !release.is_draft && (
        <>
          <Divider />
          <BooleanInput
            source="redeploy"
            label="resources.releases.fields.redeploy"
            helperText="resources.releases.redeploy_help"
            sx={{ pt: 2 }}
          />
        </>
      )}
    </>
  );
};

const SaveButtons = ({
  release,
  onSave,
  saving,
}: Pick<ReleaseFormProps, 'release' | 'onSave' | 'saving'>) => {
  const translate = useTranslate();
  const { handleSubmit, setError } = useFormContext<ReleaseFormValues>();
  const [confirmingDraft, setConfirmingDraft] = useState(false);
  const submit = (intent: Intent) =>
    handleSubmit(async (values) => {
      const errors = await onSave(values, intent);
      for (const [name, message] of Object.entries(errors ?? {})) {
        setError(name as keyof ReleaseFormValues, { type: 'server', message });
      }
    });
  const published = release && !release.is_draft;
  const name = release ? `${release.series} ${release.version}` : '';
  return (
    <Stack direction="row" spacing={1.5} justifyContent="flex-end" sx={{ pt: 2 }}>
      <Button component={Link} to="/releases" color="inherit" disabled={saving}>
        {translate('ra.action.cancel')}
      </Button>
      <Button
        variant="outlined"
        onClick={published ? () => setConfirmingDraft(true) : submit('draft')}
        disabled={saving}
      >
        {translate('resources.releases.actions.save_draft')}
      </Button>
      <Button variant="contained" onClick={submit('publish')} disabled={saving}>
        {translate(published ? 'resources.releases.actions.save' : 'resources.releases.actions.publish')}
      </Button>
      {/* Issue 17: saving a published release to draft un-publishes it, so it asks first (as Publish does). */}
      <Confirm
        isOpen={confirmingDraft}
        loading={saving}
        title={translate('restore.release.unpublish_title', { name })}
        content={translate('restore.release.unpublish_content', { name })}
        confirm={translate('resources.releases.actions.save_draft')}
        confirmColor="warning"
        onConfirm={() => {
          setConfirmingDraft(false);
          void submit('draft')();
        }}
        onClose={() => setConfirmingDraft(false)}
      />
    </Stack>
  );
};

/** The release form of the create and edit pages (spec §2 Release create, edit, redeploy, save to draft). */
export const ReleaseForm = ({ title, defaultValues, release, onSave, saving }: ReleaseFormProps) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2, mb: 2 }}>
      <CardContent sx={{ px: { xs: 2, md: 3 }, pb: '1.5rem !important' }}>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 0.5 }}>
          <Button component={Link} to="/releases" size="small" startIcon={<ArrowBackIcon />} color="inherit">
            {translate('resources.releases.name', { smart_count: 2 })}
          </Button>
        </Stack>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Form defaultValues={defaultValues} noValidate>
          <ReleaseFields release={release} />
          <Divider />
          <SaveButtons release={release} onSave={onSave} saving={saving} />
        </Form>
      </CardContent>
    </Card>
  );
};
