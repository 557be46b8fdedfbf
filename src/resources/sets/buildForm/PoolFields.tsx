import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Chip, IconButton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { BooleanInput, NumberInput, TextInput, useTranslate } from 'react-admin';
import { HintTooltip } from '../../../ui/HintTooltip';
import type { PoolPreset, PoolType } from '../types';
import { PoolUrlInput } from './PoolUrlInput';
import type { poolValidators } from './validation';

const TYPE_COLOR: Record<PoolType, 'primary' | 'secondary' | 'warning'> = {
  devfee: 'primary',
  fee: 'secondary',
  refund: 'warning',
};

/** One pool's inputs (spec §3 Pool config entry): its type and hidden flag, alias, url, account, worker, fee, fake fee. */
export const PoolFields = ({
  prefix,
  title,
  type,
  presets,
  validators,
  onRemove,
}: {
  /** The form path of the pool, e.g. `fee_pools_configs.2`. */
  prefix: string;
  title: string;
  type: PoolType;
  presets: readonly PoolPreset[];
  validators: ReturnType<typeof poolValidators>;
  onRemove?: () => void;
}) => {
  const translate = useTranslate();
  const label = (field: string) => `app.build_form.pools.${field}`;
  return (
    <Box
      role="group"
      aria-label={title}
      data-testid={`pool-${prefix}`}
      sx={(theme) => ({
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: { xs: 1.5, md: 2 },
        pb: 0.5,
        bgcolor: alpha(theme.palette[TYPE_COLOR[type]].main, theme.palette.mode === 'dark' ? 0.06 : 0.025),
      })}
    >
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 0.5 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={TYPE_COLOR[type]}
          label={translate(`app.build_form.pool_types.${type}`)}
          sx={{ height: '1.25rem', fontSize: '0.7rem' }}
        />
        <Box sx={{ flex: 1 }} />
        <BooleanInput
          source={`${prefix}.hidden`}
          label={label('hidden')}
          helperText={false}
          size="small"
          sx={{
            m: 0,
            '& .MuiFormControlLabel-root': { mr: 0 },
            '& .MuiFormControlLabel-label': { fontSize: '0.875rem' },
          }}
        />
        {onRemove && (
          <HintTooltip title={translate('app.build_form.pools.remove')}>
            <IconButton
              size="small"
              onClick={onRemove}
              aria-label={`${translate('app.build_form.pools.remove')}: ${title}`}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </HintTooltip>
        )}
      </Stack>
      {/* Columns by the card's own width in rem (a container query), so a larger interface scale or a narrow
          window gives each field room for its whole label ('Видимая комиссия, %') rather than cutting it. */}
      <Box sx={{ containerType: 'inline-size' }}>
        <Box
          sx={{
            display: 'grid',
            columnGap: 1.5,
            gridTemplateColumns: '1fr',
            '@container (min-width: 26rem)': {
              gridTemplateColumns: 'repeat(2, 1fr)',
              '& > .wide': { gridColumn: '1 / -1' },
            },
            '@container (min-width: 50rem)': {
              gridTemplateColumns: 'repeat(12, 1fr)',
              '& > .wide': { gridColumn: 'span 8' },
              '& > .third': { gridColumn: 'span 4' },
              '& > .quarter': { gridColumn: 'span 3' },
            },
          }}
        >
          <Box className="third">
            <TextInput
              source={`${prefix}.alias`}
              label={label('alias')}
              validate={validators.alias}
              size="small"
              fullWidth
            />
          </Box>
          <Box className="wide">
            <PoolUrlInput prefix={prefix} presets={presets} validate={validators.url} />
          </Box>
          {(['account', 'worker'] as const).map((field) => (
            <Box key={field} className="quarter">
              <TextInput
                source={`${prefix}.${field}`}
                label={label(field)}
                validate={validators[field]}
                size="small"
                fullWidth
              />
            </Box>
          ))}
          {(['fee', 'fake_fee'] as const).map((field) => (
            <Box key={field} className="quarter">
              <NumberInput
                source={`${prefix}.${field}`}
                label={label(field)}
                validate={validators[field]}
                size="small"
                step={0.01}
                min={0}
                max={100}
                fullWidth
              />
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
};
