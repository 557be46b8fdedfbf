import { DEFAULT_DEVFEE, FEE_POOL_SLOTS } from '../../../contract/constants';
import { englishOf, englishText } from '../../../contract/english';
import { type FeeMinimums, fee, sumFees, totalFeeIssue } from '../../../contract/rules/fees';
import { minValue } from '../../../contract/rules/numbers';
import { poolAccount, poolUrl, poolWorker } from '../../../contract/rules/pools';
import { plainText, required } from '../../../contract/rules/text';
import { firstIssue } from '../../../contract/rules/values';
import type { PoolType } from '../../../contract/statuses';
import type { PoolConfigEntry } from '../../platform/db/schema';

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

// Spec §5's rules are contract/rules'; these are the server's own messages for the list as a whole.
const MESSAGES = {
  oneDevFee: 'Exactly one DevFee pool is required',
  maxFeePools: `Maximum ${FEE_POOL_SLOTS} fee pools`,
  oneRefund: 'Only one refund pool is allowed',
  refundAdminOnly: 'Only admins can configure the refund pool',
} as const;

function entryIssues(entry: PoolInput, at: (string | number)[], options: PoolCheckOptions): Issue[] {
  const issues: Issue[] = [];
  const add = (field: string, msg: string | undefined) => {
    if (msg) issues.push({ loc: [...at, field], msg });
  };
  if (entry.type_fee_pool === 'refund' && !options.allowRefund)
    add('type_fee_pool', MESSAGES.refundAdminOnly);
  // Issue 36: the alias is written into the firmware's files as it is (miner.conf): one line of text.
  add('alias', englishOf(plainText(entry.alias?.trim())));
  add('url', englishOf(poolUrl(entry.url.trim())));
  add('account', englishOf(poolAccount(entry.account.trim())));
  add('worker', englishOf(poolWorker(entry.worker.trim())));
  // The DevFee may be left out (it is 2 then).
  add(
    'fee',
    englishOf(
      entry.type_fee_pool === 'devfee' ? fee(entry.fee) : firstIssue(entry.fee, required('fee'), fee),
    ),
  );
  if (typeof entry.fake_fee === 'number') add('fake_fee', englishOf(fee(entry.fake_fee)));
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

  const total = sumFees(pools.filter((p) => p.type_fee_pool !== 'refund').map((p) => p.fee));
  const { minimums } = options;
  if (minimums) {
    const devIndex = pools.findIndex((p) => p.type_fee_pool === 'devfee');
    const below = minValue(minimums.min_dev_fee)(pools[devIndex].fee);
    if (below) issues.push({ loc: [...at, devIndex, 'fee'], msg: englishText(below) });
  }
  const totalIssue = totalFeeIssue(total, minimums?.min_total_fee);
  if (totalIssue) issues.push({ loc: at, msg: englishText(totalIssue) });
  return { pools, issues };
}
