import { Autocomplete, Box, TextField } from '@mui/material';
import { useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { PoolPreset } from '../types';

/**
 * A pool's url: typed freely, or picked from the pool presets (GET /client/pool-url). Picking a preset also fills
 * the alias when it is still empty.
 */
export const PoolUrlInput = ({
  prefix,
  presets,
  validate,
}: {
  prefix: string;
  presets: readonly PoolPreset[];
  validate: Validator[];
}) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const {
    field,
    fieldState: { error, invalid },
    formState: { isSubmitted },
    id,
  } = useInput({ source: `${prefix}.url`, validate });
  const showError = invalid && (isSubmitted || Boolean(error?.type === 'server'));
  const label = translate('app.build_form.pools.url');

  return (
    <Autocomplete<PoolPreset, false, false, true>
      freeSolo
      options={presets as PoolPreset[]}
      value={field.value ?? ''}
      inputValue={field.value ?? ''}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.url)}
      filterOptions={(options, { inputValue }) => {
        const needle = inputValue.trim().toLowerCase();
        if (!needle || options.some((o) => o.url === inputValue)) return options;
        return options.filter(
          (o) => o.url.toLowerCase().includes(needle) || o.pool.toLowerCase().includes(needle),
        );
      }}
      onInputChange={(_, value, reason) => {
        if (reason === 'input' || reason === 'clear') field.onChange(value);
      }}
      onChange={(_, value) => {
        if (value && typeof value !== 'string') {
          field.onChange(value.url);
          if (!String(getValues(`${prefix}.alias`) ?? '').trim()) {
            setValue(`${prefix}.alias`, value.pool, { shouldDirty: true });
          }
        }
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Box sx={{ fontWeight: 600 }}>{option.pool}</Box>
          <Box sx={{ fontSize: '0.8rem', color: 'text.secondary', wordBreak: 'break-all' }}>{option.url}</Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          name={field.name}
          onBlur={field.onBlur}
          label={label}
          placeholder="stratum+tcp://host:port"
          size="small"
          margin="dense"
          error={showError}
          helperText={showError && error?.message ? <ValidationError error={error.message} /> : ' '}
        />
      )}
    />
  );
};
