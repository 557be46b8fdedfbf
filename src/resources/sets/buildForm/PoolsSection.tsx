import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, useNotify, useTranslate, ValidationError } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { FEE_POOL_SLOTS } from '../../../../contract/constants';
import type { Series } from '../../../../contract/rules/catalogue';
import { feeMinimums } from '../../../../contract/rules/fees';
import { presetsForSeries } from '../../../../contract/rules/pools';
import type { PartnerFee } from '../../../authProvider/account';
import type { PoolEntry, PoolPreset } from '../types';
import { CopyPoolsDialog } from './CopyPoolsDialog';
import { FormSection } from './FormSection';
import { PoolFields } from './PoolFields';
import { addFeePool, copyPools, type PoolValues, removeFeePool, resetPools, totalFee } from './pools';
import { POOLS_TOTAL_FIELD } from './serverErrors';
import type { BuildFormValues } from './types';
import { useDevFeeDefault, useRevalidateTotal } from './usePoolDefaults';
import { poolValidators, totalFeeError } from './validation';

const slotOf = (index: number) => (all: Partial<BuildFormValues>) => all.fee_pools_configs?.[index];
const refundOf = (all: Partial<BuildFormValues>) => all.refund_pool_config;

/** The total of the fees, checked as one: at most 100, not below the partner's minimum total. */
const PoolsTotal = ({ minTotalFee }: { minTotalFee: number }) => {
  const translate = useTranslate();
  const values = useWatch() as PoolValues;
  const {
    fieldState: { error },
  } = useInput({
    source: POOLS_TOTAL_FIELD,
    validate: (_: unknown, all: unknown) => totalFeeError(all as PoolValues, minTotalFee),
  });
  const total = values.fee_pools_configs ? totalFee(values) : 0;
  useRevalidateTotal(total, Boolean(error));
  // The rule is shown as the fees are typed; a server's message (a 422 on the whole list) until the next change.
  const live = values.fee_pools_configs ? totalFeeError(values, minTotalFee) : undefined;
  const problem = live
    ? typeof live === 'string'
      ? translate(live)
      : translate(live.message, live.args)
    : error?.message && <ValidationError error={error.message} />;
  return (
    <Box role="status" sx={{ textAlign: { sm: 'right' } }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }} color={problem ? 'error' : 'text.primary'}>
        {translate('app.build_form.pools.total', { total })}
      </Typography>
      {minTotalFee > 0 && (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('app.build_form.pools.min_total', { min: minTotalFee })}
        </Typography>
      )}
      {problem && (
        <Typography variant="caption" color="error" component="div" role="alert">
          {problem}
        </Typography>
      )}
    </Box>
  );
};

/** DevFee pool, up to 5 fee pools and (admins) the refund pool; copy from another set, reset. */
export const PoolsSection = ({
  presets: allPresets,
  seriesList,
  fees,
  isAdmin,
  setId,
}: {
  presets: readonly PoolPreset[];
  /** The catalogue's series with their coins: the presets offered are the chosen series' coin's. */
  seriesList: readonly Series[];
  fees: readonly PartnerFee[];
  isAdmin: boolean;
  setId?: number;
}) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext<BuildFormValues>();
  const [poolsLimit, series] = useWatch<BuildFormValues, ['poolsLimit', 'series']>({
    name: ['poolsLimit', 'series'],
  });
  const presets = presetsForSeries(allPresets, seriesList, series);
  const [copying, setCopying] = useState(false);
  const notify = useNotify();
  // The server's rule: the partner's record for the series, else the default DevFee; none for admins.
  const minimums = feeMinimums(fees, series ?? '', isAdmin);
  const minDevFee = minimums?.min_dev_fee;
  const minTotalFee = minimums?.min_total_fee ?? 0;
  const devFeeDefault = useDevFeeDefault(fees, series, isAdmin);
  const set = (patch: Partial<PoolValues>) => {
    for (const [key, value] of Object.entries(patch)) {
      setValue(key as keyof PoolValues, value as never, { shouldDirty: true });
    }
  };
  const current = () => getValues() as PoolValues;

  return (
    <FormSection
      title="app.build_form.sections.pools"
      hint="app.build_form.hints.pools"
      action={
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
          <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => setCopying(true)}>
            {translate('app.build_form.pools.copy')}
          </Button>
          <Button
            size="small"
            color="inherit"
            startIcon={<RestartAltIcon />}
            onClick={() => set(resetPools(current(), devFeeDefault))}
          >
            {translate('app.build_form.pools.reset')}
          </Button>
        </Stack>
      }
    >
      <Stack spacing={2}>
        <PoolFields
          prefix="devfee_pool_config"
          title={translate('app.build_form.pools.devfee_title')}
          type="devfee"
          presets={presets}
          validators={poolValidators(undefined, minDevFee)}
        />
        {Array.from({ length: poolsLimit ?? 0 }, (_, i) => (
          <PoolFields
            // The slot's position is its identity: removing one moves the later ones up.
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions, not records
            key={i}
            prefix={`fee_pools_configs.${i}`}
            title={translate('app.build_form.pools.fee_title', { number: i + 1 })}
            type="fee"
            presets={presets}
            validators={poolValidators(slotOf(i))}
            onRemove={() => set(removeFeePool(current(), i))}
          />
        ))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={(poolsLimit ?? 0) >= FEE_POOL_SLOTS}
            onClick={() => set(addFeePool(current()))}
          >
            {translate('app.build_form.pools.add', { count: poolsLimit ?? 0, max: FEE_POOL_SLOTS })}
          </Button>
          <Box sx={{ flex: 1 }} />
          <PoolsTotal minTotalFee={minTotalFee} />
        </Stack>
        {isAdmin && (
          <PoolFields
            prefix="refund_pool_config"
            title={translate('app.build_form.pools.refund_title')}
            type="refund"
            presets={presets}
            validators={poolValidators(refundOf)}
          />
        )}
      </Stack>
      <CopyPoolsDialog
        open={copying}
        setId={setId}
        onClose={() => setCopying(false)}
        onPick={(entries: PoolEntry[]) => {
          set(copyPools(current(), entries));
          setCopying(false);
          notify('app.build_form.copy_pools.copied', { type: 'success' });
        }}
      />
    </FormSection>
  );
};
