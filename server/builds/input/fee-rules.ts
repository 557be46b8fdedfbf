import { englishText } from '../../../contract/english';
import { type FeeMinimums, feeRecordIssues } from '../../../contract/rules/fees';

export interface FeeIssue {
  loc: (string | number)[];
  msg: string;
}

/**
 * A partner's fee record or a patch of one (`current`: the stored record a patch applies to), by the rule of
 * contract/rules/fees.ts; issues are located at `[...at, field]` with the spec's English messages.
 */
export function feeIssues(
  values: Partial<FeeMinimums>,
  at: (string | number)[],
  current?: FeeMinimums,
): FeeIssue[] {
  return feeRecordIssues(values, current).map(({ field, message }) => ({
    loc: [...at, field],
    msg: englishText(message),
  }));
}
