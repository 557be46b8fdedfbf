// Pool rules of the build form (spec §3 Pool config entry, §4 form modes, §9: 5 fee pool slots, DevFee 2).
import { DEFAULT_DEVFEE, FEE_POOL_SLOTS } from '../../../../contract/constants';
import { sumFees } from '../../../../contract/rules/fees';
import { asciiWorkerOf } from '../../../../contract/rules/text';
import type { PoolEntry, PoolType } from '../types';
import type { BuildFormValues, PoolSlot } from './types';

export const emptyPool = (type: PoolType = 'fee'): PoolSlot => ({
  alias: '',
  url: '',
  account: '',
  worker: '',
  fee: null,
  fake_fee: null,
  hidden: false,
  type_fee_pool: type,
});

export const emptySlots = (): PoolSlot[] => Array.from({ length: FEE_POOL_SLOTS }, () => emptyPool('fee'));

/** The DevFee worker a set's name suggests: its letters, digits and dots ('Farm #1.a' → 'Farm1.a'). */
export const workerFromSetName = (name: string | undefined): string => asciiWorkerOf(name ?? '');

/** A fresh DevFee pool: fee 2, the worker from the set's name. */
export const devfeePool = (worker = '', fee: number = DEFAULT_DEVFEE): PoolSlot => ({
  ...emptyPool('devfee'),
  worker,
  fee,
});

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : null;
};

// An input emptied by the user holds null (react-admin's empty value), not ''.
const text = (value: string | null | undefined) => (value ?? '').trim();

/** Nothing typed in it (a slot left empty is not sent). */
export function isBlankPool(pool: PoolSlot | undefined): boolean {
  if (!pool) return true;
  return (
    !text(pool.alias) &&
    !text(pool.url) &&
    !text(pool.account) &&
    !text(pool.worker) &&
    toNumber(pool.fee) === null &&
    toNumber(pool.fake_fee) === null
  );
}

const toSlot = (entry: PoolEntry, type: PoolType): PoolSlot => ({
  alias: entry.alias ?? '',
  url: entry.url ?? '',
  account: entry.account ?? '',
  worker: entry.worker ?? '',
  fee: entry.fee ?? null,
  fake_fee: entry.fake_fee ?? null,
  hidden: Boolean(entry.hidden),
  type_fee_pool: type,
});

const toEntry = (slot: PoolSlot): PoolEntry => ({
  alias: text(slot.alias),
  url: text(slot.url),
  account: text(slot.account),
  worker: text(slot.worker),
  fee: toNumber(slot.fee) ?? 0,
  fake_fee: toNumber(slot.fake_fee),
  hidden: Boolean(slot.hidden),
  type_fee_pool: slot.type_fee_pool,
});

export type PoolValues = Pick<
  BuildFormValues,
  'devfee_pool_config' | 'fee_pools_configs' | 'poolsLimit' | 'refund_pool_config'
>;

/** A build's pool list as the form's parts: the DevFee pool, up to 5 fee slots, the refund pool. */
export function splitPools(entries: readonly PoolEntry[] | undefined, fallbackWorker = ''): PoolValues {
  const list = entries ?? [];
  const devfee = list.find((p) => p.type_fee_pool === 'devfee');
  const refund = list.find((p) => p.type_fee_pool === 'refund');
  const fees = list.filter((p) => p.type_fee_pool === 'fee').slice(0, FEE_POOL_SLOTS);
  const slots = emptySlots();
  fees.forEach((entry, i) => {
    slots[i] = toSlot(entry, 'fee');
  });
  return {
    devfee_pool_config: devfee ? toSlot(devfee, 'devfee') : devfeePool(fallbackWorker),
    fee_pools_configs: slots,
    poolsLimit: fees.length,
    refund_pool_config: refund ? toSlot(refund, 'refund') : emptyPool('refund'),
  };
}

/** The form's pools as the API's list: DevFee first, then the shown, filled fee slots, then the refund pool. */
export function joinPools(values: PoolValues, withRefund: boolean): PoolEntry[] {
  const fees = values.fee_pools_configs
    .slice(0, values.poolsLimit)
    .filter((slot) => !isBlankPool(slot))
    .map((slot) => toEntry({ ...slot, type_fee_pool: 'fee' }));
  const refund =
    withRefund && !isBlankPool(values.refund_pool_config)
      ? [toEntry({ ...values.refund_pool_config, type_fee_pool: 'refund' })]
      : [];
  return [toEntry({ ...values.devfee_pool_config, type_fee_pool: 'devfee' }), ...fees, ...refund];
}

/** The sum of the fees the build pays: DevFee and the shown fee slots (a refund pool is no fee). */
export function totalFee(values: PoolValues): number {
  return sumFees(joinPools(values, false).map((pool) => pool.fee));
}

/** One more fee slot shown, up to 5. */
export function addFeePool(values: PoolValues): Pick<PoolValues, 'poolsLimit'> {
  return { poolsLimit: Math.min(values.poolsLimit + 1, FEE_POOL_SLOTS) };
}

/** Removing a fee pool clears its slot (the later ones move up) and decrements the pool count. */
export function removeFeePool(
  values: PoolValues,
  index: number,
): Pick<PoolValues, 'fee_pools_configs' | 'poolsLimit'> {
  if (index < 0 || index >= values.poolsLimit) {
    return { fee_pools_configs: values.fee_pools_configs, poolsLimit: values.poolsLimit };
  }
  const kept = values.fee_pools_configs.filter((_, i) => i !== index);
  return {
    fee_pools_configs: [...kept, emptyPool('fee')].slice(0, FEE_POOL_SLOTS),
    poolsLimit: Math.max(values.poolsLimit - 1, 0),
  };
}

/** Resetting pools empties them all and restores the DevFee default, but keeps the DevFee worker. */
export function resetPools(values: PoolValues, devFee: number = DEFAULT_DEVFEE): PoolValues {
  return {
    devfee_pool_config: devfeePool(text(values.devfee_pool_config?.worker), devFee),
    fee_pools_configs: emptySlots(),
    poolsLimit: 0,
    refund_pool_config: emptyPool('refund'),
  };
}

/** 'duplicate pool settings from another set': another build's pools replace these; the DevFee worker stays. */
export function copyPools(values: PoolValues, entries: readonly PoolEntry[]): PoolValues {
  const copied = splitPools(entries, values.devfee_pool_config?.worker ?? '');
  const keepWorker = text(values.devfee_pool_config?.worker);
  return {
    ...copied,
    devfee_pool_config: {
      ...copied.devfee_pool_config,
      worker: keepWorker || copied.devfee_pool_config.worker,
    },
  };
}

/** A preset chosen for a slot: its url, and its name as the alias when the alias is still empty. */
export function applyPreset(slot: PoolSlot, preset: { pool: string; url: string }): PoolSlot {
  return { ...slot, url: preset.url, alias: text(slot.alias) ? slot.alias : preset.pool };
}
