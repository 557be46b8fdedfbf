import type { AccountInfo, PartnerFee } from '../../contract/schemas/account-schemas';
import { callOf } from '../dataProvider/paths';

/** GET /client/account/info (and its partner fees). */
export type Account = AccountInfo;
export type { PartnerFee };

/** The partner fees keyed by series, as the spec's account holds them after load. */
export const feeBySeries = (account: Pick<Account, 'fee'>): Record<string, PartnerFee> =>
  Object.fromEntries((account.fee ?? []).map((f) => [f.series, f]));

export const ACCOUNT_PATH = callOf('accountInfo').path;
