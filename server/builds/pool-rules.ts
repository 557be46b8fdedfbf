import { DEFAULT_DEVFEE, FEE_DECIMALS, FEE_POOL_SLOTS, NAME_MIN_LENGTH } from '../../contract/constants';
import type { FeeMinimums } from '../../contract/rules/fees';
import type { PoolType } from '../../contract/statuses';
import type { PoolConfigEntry } from '../db/schema';

/** A pool config entry as a request sends it: alias, fee (DevFee only), fake_fee and hidden may be left out. */
export interface PoolInput {
  alias?: string;
  url: string;
  account: string;
  worker: string;
  fee?: number;
  fake_fee?: number | null;
  hidden?: boolean;
  type_fee_pool: PoolType;
}

export interface Issue {
  loc: (string | number)[];
  msg: string;
}

export interface PoolCheckOptions {
  /** Spec §6: the refund pool is configured by admins only. */
  allowRefund: boolean;
  /** The owner's minimums for the series (spec §2 partner form); none for admins. */
  minimums?: FeeMinimums;
}

// The stratum schemes miners speak; host (name, IPv4 or [IPv6]) and port are required, a path (the Stratum V2
// authority key) is optional.
const POOL_URL =
  /^(stratum\+tcp|stratum\+ssl|stratum2\+tcp):\/\/((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\]):(\d{1,5})(\/[A-Za-z0-9._~-]*)?$/;
// Pool accounts and workers: the build form's 'Only letters, numbers and dot' rule.
const ACCOUNT = /^[\p{L}\d.]+$/u;

export const MESSAGES = {
  poolRequired: 'Pool is required',
  url: 'Must be a valid url',
  accountRequired: 'Account is required',
  workerRequired: 'Worker is required',
  lettersDigitsDot: 'Only letters, numbers and dot',
  minLength: `Minimum ${NAME_MIN_LENGTH} characters`,
  feeRequired: 'Fee is required',
  feeRange: 'Enter a value from 0 to 100',
  decimals: `Maximum ${FEE_DECIMALS} decimal places`,
  totalFee: 'Total fee cannot be more than 100',
  cannotBeLess: (min: number) => `Cannot be less than ${min}`,
  oneDevFee: 'Exactly one DevFee pool is required',
  maxFeePools: `Maximum ${FEE_POOL_SLOTS} fee pools`,
  oneRefund: 'Only one refund pool is allowed',
  refundAdminOnly: 'Only admins can configure the refund pool',
} as const;

export function isPoolUrl(value: string): boolean {
  const match = POOL_URL.exec(value);
  if (!match) return false;
  const port = Number(match[3]);
  return port >= 1 && port <= 65_535;
}

/** Spec §5: a percent from 0 to 100 with at most two decimals. */
export function percentIssue(value: number): string | undefined {
  if (value < 0 || value > 100) return MESSAGES.feeRange;
  if (Number(value.toFixed(FEE_DECIMALS)) !== value) return MESSAGES.decimals;
  return undefined;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function entryIssues(entry: PoolInput, at: (string | number)[], options: PoolCheckOptions): Issue[] {
  const issues: Issue[] = [];
  const add = (field: string, msg: string | undefined) => {
    if (msg) issues.push({ loc: [...at, field], msg });
  };
  if (entry.type_fee_pool === 'refund' && !options.allowRefund)
    add('type_fee_pool', MESSAGES.refundAdminOnly);
  const url = entry.url.trim();
  add('url', !url ? MESSAGES.poolRequired : isPoolUrl(url) ? undefined : MESSAGES.url);
  const account = entry.account.trim();
  add(
    'account',
    !account ? MESSAGES.accountRequired : ACCOUNT.test(account) ? undefined : MESSAGES.lettersDigitsDot,
  );
  const worker = entry.worker.trim();
  add(
    'worker',
    !worker
      ? MESSAGES.workerRequired
      : worker.length < NAME_MIN_LENGTH
        ? MESSAGES.minLength
        : ACCOUNT.test(worker)
          ? undefined
          : MESSAGES.lettersDigitsDot,
  );
  if (entry.fee === undefined)
    add('fee', entry.type_fee_pool === 'devfee' ? undefined : MESSAGES.feeRequired);
  else add('fee', percentIssue(entry.fee));
  if (typeof entry.fake_fee === 'number') add('fake_fee', percentIssue(entry.fake_fee));
  return issues;
}

function normalise(entry: PoolInput): PoolConfigEntry {
  return {
    alias: entry.alias?.trim() ?? '',
    url: entry.url.trim(),
    account: entry.account.trim(),
    worker: entry.worker.trim(),
    fee: entry.fee ?? DEFAULT_DEVFEE,
    fake_fee: entry.fake_fee ?? null,
    hidden: entry.hidden ?? false,
    type_fee_pool: entry.type_fee_pool,
  };
}

/**
 * Spec §5 for a build's pools: one DevFee pool (fee 2 when left out), at most 5 fee pools, at most one
 * refund pool (admins only), every fee 0–100 with two decimals, their total (refund aside) at most 100 and
 * not below the owner's minimums. Answers the normalised entries, in the order given, and every issue found.
 */
export function checkPools(
  entries: PoolInput[],
  options: PoolCheckOptions,
  at: (string | number)[] = ['body', 'fee_pools_configs'],
): { pools: PoolConfigEntry[]; issues: Issue[] } {
  const issues = entries.flatMap((entry, i) => entryIssues(entry, [...at, i], options));
  const countOf = (type: PoolType) => entries.filter((entry) => entry.type_fee_pool === type).length;
  if (countOf('devfee') !== 1) issues.push({ loc: at, msg: MESSAGES.oneDevFee });
  if (countOf('fee') > FEE_POOL_SLOTS) issues.push({ loc: at, msg: MESSAGES.maxFeePools });
  if (countOf('refund') > 1) issues.push({ loc: at, msg: MESSAGES.oneRefund });
  const pools = entries.map(normalise);
  if (issues.length > 0) return { pools, issues };

  const total = round2(pools.filter((p) => p.type_fee_pool !== 'refund').reduce((sum, p) => sum + p.fee, 0));
  if (total > 100) issues.push({ loc: at, msg: MESSAGES.totalFee });
  const { minimums } = options;
  if (minimums) {
    const devIndex = pools.findIndex((p) => p.type_fee_pool === 'devfee');
    if (pools[devIndex].fee < minimums.min_dev_fee) {
      issues.push({ loc: [...at, devIndex, 'fee'], msg: MESSAGES.cannotBeLess(minimums.min_dev_fee) });
    }
    if (total < minimums.min_total_fee) {
      issues.push({ loc: at, msg: MESSAGES.cannotBeLess(minimums.min_total_fee) });
    }
  }
  return { pools, issues };
}
