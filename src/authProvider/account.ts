import type { Language } from '../../contract/constants';
import type { Role } from './canAccess';

export interface PartnerFee {
  series: string;
  min_dev_fee: number;
  min_total_fee: number;
  user_id: number;
}

/** GET /client/account/info. */
export interface Account {
  id: number;
  email: string;
  worker: string;
  language: Language;
  send_email: boolean;
  role: Role;
  is_blocked: boolean;
  is_admin: boolean;
  is_developer: boolean;
  is_tester: boolean;
  fee: PartnerFee[];
  /** The beta-testing preference; only testers may change it. */
  beta_testing?: boolean;
}

/** The partner fees keyed by series, as the spec's account holds them after load. */
export const feeBySeries = (account: Pick<Account, 'fee'>): Record<string, PartnerFee> =>
  Object.fromEntries((account.fee ?? []).map((f) => [f.series, f]));

export const ACCOUNT_PATH = '/client/account/info';
