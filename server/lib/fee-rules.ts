/** Spec §5 and §9: partner fees are percents from 0 to 100 with at most 2 decimals; total ≥ dev fee. */

export interface FeeValues {
  min_dev_fee: number;
  min_total_fee: number;
}

export interface FeeIssue {
  loc: (string | number)[];
  msg: string;
}

const FEE_DECIMALS = 2;

function valueIssue(value: number): string | undefined {
  if (!Number.isFinite(value)) return 'Not a valid number';
  if (value < 0 || value > 100) return 'Enter a value from 0 to 100';
  if (Number(value.toFixed(FEE_DECIMALS)) !== value) return `Maximum ${FEE_DECIMALS} decimal places`;
  return undefined;
}

/**
 * Checks a fee record or a patch of one (`current`: the stored record a patch applies to). Issues are located
 * at `[...at, field]`; the total is compared with the dev fee only when both values are valid.
 */
export function feeIssues(
  values: Partial<FeeValues>,
  at: (string | number)[],
  current?: FeeValues,
): FeeIssue[] {
  const issues: FeeIssue[] = [];
  for (const field of ['min_dev_fee', 'min_total_fee'] as const) {
    const value = values[field];
    const msg = value === undefined ? undefined : valueIssue(value);
    if (msg) issues.push({ loc: [...at, field], msg });
  }
  if (issues.length > 0) return issues;
  const dev = values.min_dev_fee ?? current?.min_dev_fee;
  const total = values.min_total_fee ?? current?.min_total_fee;
  if (dev === undefined || total === undefined || total >= dev) return issues;
  if (values.min_total_fee !== undefined) {
    issues.push({ loc: [...at, 'min_total_fee'], msg: `Cannot be less than ${dev}` });
  } else {
    issues.push({ loc: [...at, 'min_dev_fee'], msg: `Cannot be more than ${total}` });
  }
  return issues;
}
