import { Box, Typography } from '@mui/material';
import { maxValue, minValue, NumberInput, useTranslate } from 'react-admin';
import {
  BUILD_LIMIT_MAX,
  DEFAULT_MAX_BUILDS_PER_HOUR,
  DEFAULT_MAX_QUEUED_BUILDS,
} from '../../../contract/queue-limits';

const validateLimit = [minValue(1), maxValue(BUILD_LIMIT_MAX)];

/**
 * Issue 36: how many builds the partner may have waiting and may queue in an hour (PATCH /admin/user's
 * max_queued_builds and max_builds_per_hour); empty is the default, which the hint names.
 */
export const PartnerQueueLimitFields = () => {
  const translate = useTranslate();
  const limit = (source: string, fallback: number) => (
    <NumberInput
      source={source}
      label={`resources.partners.fields.${source}`}
      min={1}
      max={BUILD_LIMIT_MAX}
      step={1}
      validate={validateLimit}
      helperText={translate('app.partners.limit_default', { value: fallback })}
      fullWidth
    />
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.partners.queue_limits_hint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: { xs: 0, md: 2 }, gridTemplateColumns: { md: '1fr 1fr' } }}>
        {limit('max_queued_builds', DEFAULT_MAX_QUEUED_BUILDS)}
        {limit('max_builds_per_hour', DEFAULT_MAX_BUILDS_PER_HOUR)}
      </Box>
    </>
  );
};
