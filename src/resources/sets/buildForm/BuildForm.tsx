import { Box, Stack } from '@mui/material';
import { useEffect } from 'react';
import { Form } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { BuildSummary } from './BuildSummary';
import { type CascadeFields, reconcile } from './cascade';
import { DraftKeeper, type DraftPlace } from './DraftKeeper';
import { LicenseSection, OptionsSection, SshKeysSection } from './ExtrasSection';
import { FirmwareSection } from './FirmwareSection';
import { FormSection } from './FormSection';
import { LeaveGuard } from './LeaveGuard';
import { LogoInput } from './LogoInput';
import { PoolsSection } from './PoolsSection';
import type { BuildFormValues } from './types';
import type { BuildFormData } from './useBuildFormData';

const CASCADE: (keyof CascadeFields)[] = ['series', 'model', 'platform', 'installType', 'subset', 'release'];

/** Keeps series → model → platform → install type → release consistent after every change. */
const Cascade = ({ data }: { data: BuildFormData }) => {
  const { setValue, formState } = useFormContext<BuildFormValues>();
  const watched = useWatch<BuildFormValues>({ name: CASCADE }) as unknown[];
  const values = Object.fromEntries(CASCADE.map((key, i) => [key, watched[i]])) as unknown as CascadeFields;
  const signature = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for the watched values
  useEffect(() => {
    if (data.isPending) return;
    const patch = reconcile(values, data.catalogue, data.releases, data.isAdmin);
    for (const [key, value] of Object.entries(patch)) {
      setValue(key as keyof CascadeFields, value as never, { shouldValidate: formState.isSubmitted });
    }
  }, [signature, data, setValue, formState.isSubmitted]);
  return null;
};

export interface BuildFormProps {
  defaultValues: BuildFormValues;
  data: BuildFormData;
  setName: string;
  missing: string[];
  editing: boolean;
  onSubmit: (values: BuildFormValues) => Promise<Record<string, string> | undefined>;
  /** Accepted: the page is leaving, the build button stays disabled. */
  locked?: boolean;
  /** The form's draft (issue 37, item 2.7). */
  draft: DraftPlace;
}

/** The build form (spec §2, §3 Build form): the firmware, license, options, SSH keys, logotype and pools. */
export const BuildForm = ({
  defaultValues,
  data,
  setName,
  missing,
  editing,
  onSubmit,
  locked,
  draft,
}: BuildFormProps) => (
  <Form
    defaultValues={defaultValues}
    onSubmit={(values: unknown) => onSubmit(values as BuildFormValues)}
    noValidate
    sanitizeEmptyValues={false}
  >
    <Cascade data={data} />
    <LeaveGuard place={draft} />
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 1fr) 20rem' },
        alignItems: 'start',
        mt: 2,
        mb: 3,
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <DraftKeeper place={draft} initialValues={defaultValues} />
        <FirmwareSection data={data} setName={setName} missing={missing} />
        <LicenseSection licenses={data.licenses} />
        <PoolsSection
          presets={data.presets}
          seriesList={data.catalogue.series}
          fees={data.fees}
          isAdmin={data.isAdmin}
          setId={defaultValues.group_id}
        />
        <FormSection title="app.build_form.sections.logo" hint="app.build_form.hints.logo">
          <LogoInput logos={data.logos} />
        </FormSection>
        <SshKeysSection keys={data.sshKeys} />
        <OptionsSection options={data.options} isAdmin={data.isAdmin} />
      </Stack>
      <BuildSummary
        data={data}
        setName={setName}
        initialValues={defaultValues}
        editing={editing}
        locked={locked}
      />
    </Box>
  </Form>
);
