import { Box, Typography } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { BuildOption, License, SshKey } from '../types';
import { FormSection } from './FormSection';
import { optionHint, optionLabel } from './optionLabels';
import { validateLicense } from './validation';

const byRegion = (licenses: readonly License[]) =>
  [...licenses]
    .sort((a, b) => a.region.localeCompare(b.region) || a.name.localeCompare(b.name))
    .map((l) => ({ id: l.id, name: `${l.region} · ${l.name}` }));

/** 'Add license' (on by default) and the license, listed by region. */
export const LicenseSection = ({ licenses }: { licenses: readonly License[] }) => {
  const addLicense = useWatch({ name: 'addLicense' }) as boolean;
  return (
    <FormSection title="app.build_form.sections.license">
      <BooleanInput source="addLicense" label="app.build_form.fields.add_license" helperText={false} />
      {addLicense && (
        <SelectInput
          source="license"
          label="app.build_form.fields.license"
          choices={byRegion(licenses)}
          validate={validateLicense}
          translateChoice={false}
          fullWidth
          sx={{ mt: 1.5 }}
        />
      )}
    </FormSection>
  );
};

const OptionInput = ({ option, readOnly }: { option: BuildOption; readOnly: boolean }) => {
  const translate = useTranslate();
  const source = `options.${option.name}`;
  const label = optionLabel(translate, option.name);
  const helperText = optionHint(translate, option.name, option.description) || false;
  const common = { source, label, helperText, readOnly, disabled: readOnly };
  if (option.type === 'bool') return <BooleanInput {...common} />;
  if (option.type === 'list') {
    return <ListOptionInput option={option} source={source} label={label} readOnly={readOnly} />;
  }
  return (
    <TextInput
      {...common}
      // Read-only defaults are for reading: their chips keep full contrast (WCAG AA) rather than MUI's faded look.
      sx={
        readOnly
          ? { '& .MuiChip-root': { opacity: 1 }, '& .MuiChip-label': { color: 'text.primary' } }
          : undefined
      }
      fullWidth
    />
  );
};

/** A list of strings: the default's values and the current ones to pick from, and new ones typed in. */
const ListOptionInput = ({
  option,
  source,
  label,
  readOnly,
}: {
  option: BuildOption;
  source: string;
  label: string;
  readOnly: boolean;
}) => {
  const translate = useTranslate();
  const current = useWatch({ name: source }) as unknown;
  const values = [
    ...new Set([
      ...(Array.isArray(option.default) ? (option.default as string[]) : []),
      ...(Array.isArray(current) ? (current as string[]) : []),
    ]),
  ];
  return (
    // Read-only defaults are for reading: their chips keep full contrast (WCAG AA) rather than MUI's faded look.
    <Box sx={readOnly ? { '& .MuiChip-root.Mui-disabled': { opacity: 1 } } : undefined}>
      <AutocompleteArrayInput
        source={source}
        label={label}
        helperText={optionHint(translate, option.name, option.description) || false}
        choices={values.map((value) => ({ id: value, name: value }))}
        onCreate={(value?: string) => ({ id: value ?? '', name: value ?? '' })}
        createLabel="app.build_form.options.add_value"
        translateChoice={false}
        readOnly={readOnly}
        disabled={readOnly}
        fullWidth
      />
    </Box>
  );
};

/** Build options by type: bool a switch, str a text, list a list of strings. Admins set them; others see the defaults. */
export const OptionsSection = ({
  options,
  isAdmin,
}: {
  options: readonly BuildOption[];
  isAdmin: boolean;
}) => {
  const translate = useTranslate();
  if (options.length === 0) return null;
  return (
    <FormSection
      title="app.build_form.sections.options"
      hint={isAdmin ? 'app.build_form.hints.options' : 'app.build_form.hints.options_defaults'}
    >
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          // The hints of read-only defaults are for reading: full contrast (WCAG AA), not MUI's disabled grey.
          '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' },
        }}
      >
        {options.map((option) => (
          <OptionInput key={option.name} option={option} readOnly={!isAdmin} />
        ))}
      </Box>
      {!isAdmin && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.build_form.options.admins_only')}
        </Typography>
      )}
    </FormSection>
  );
};

/** The SSH keys the firmware lets in: the account's own keys (spec §3 SSH key). */
export const SshKeysSection = ({ keys }: { keys: readonly SshKey[] }) => {
  const translate = useTranslate();
  return (
    <FormSection title="app.build_form.sections.ssh_keys" hint="app.build_form.hints.ssh_keys">
      {keys.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.build_form.no_ssh_keys')}
        </Typography>
      ) : (
        <AutocompleteArrayInput
          source="ssh_keys"
          label="app.build_form.fields.ssh_keys"
          choices={keys.map((k) => ({ id: k.id, name: k.name }))}
          translateChoice={false}
          helperText={false}
          fullWidth
        />
      )}
    </FormSection>
  );
};
