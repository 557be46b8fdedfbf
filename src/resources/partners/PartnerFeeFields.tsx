import { Box, Typography } from '@mui/material';
import { BooleanInput, FormDataConsumer, NumberInput, useTranslate } from 'react-admin';
import { PARTNER_FEE_SERIES } from '../../../contract/constants';
import { devFeeValidators, totalFeeValidators } from './feeValidators';
import type { PartnerFormValues } from './types';

const SeriesRow = ({ series }: { series: (typeof PARTNER_FEE_SERIES)[number] }) => (
  <Box
    role="group"
    aria-label={series}
    sx={{ display: 'grid', gridTemplateColumns: '4rem 1fr 1fr', gap: 2, alignItems: 'start' }}
  >
    <Typography sx={{ fontWeight: 600, pt: 2 }}>{series}</Typography>
    <NumberInput
      source={`fees.${series}.min_dev_fee`}
      label="app.partners.min_dev_fee"
      step={0.01}
      min={0}
      max={100}
      validate={devFeeValidators(series)}
      helperText={false}
      fullWidth
    />
    <NumberInput
      source={`fees.${series}.min_total_fee`}
      label="app.partners.min_total_fee"
      step={0.01}
      min={0}
      max={100}
      validate={totalFeeValidators(series)}
      helperText={false}
      fullWidth
    />
  </Box>
);

/** 'custom DevFee': per series, the min DevFee percent and the sum of fee percent (spec §2 Partner form). */
export const PartnerFeeFields = () => {
  const translate = useTranslate();
  return (
    <>
      <BooleanInput
        source="custom_fee"
        label="app.partners.custom_fee"
        helperText="app.partners.custom_fee_hint"
      />
      <FormDataConsumer<PartnerFormValues>>
        {({ formData }) =>
          formData.custom_fee ? (
            <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
              {PARTNER_FEE_SERIES.map((series) => (
                <SeriesRow key={series} series={series} />
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('app.partners.default_fee')}
            </Typography>
          )
        }
      </FormDataConsumer>
    </>
  );
};
