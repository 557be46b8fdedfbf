import { roleOf } from '../../../contract/roles';
import type { AccountInfo } from '../../../contract/schemas/account-schemas';
import type { PartnerFeeRow } from '../../platform/db/schema';
import type { AccountRow } from '../accounts-repository';

export function toAccountInfo(account: AccountRow, fees: PartnerFeeRow[]): AccountInfo {
  return {
    id: account.id,
    email: account.email,
    worker: account.worker,
    language: account.language,
    send_email: account.send_email,
    role: roleOf(account),
    is_blocked: account.is_blocked,
    is_admin: account.is_admin,
    is_developer: account.is_developer,
    is_tester: account.is_tester,
    beta_testing: account.beta_testing,
    notify_build_done: account.notify_build_done,
    notify_build_failed: account.notify_build_failed,
    fee: fees.map(({ series, min_dev_fee, min_total_fee, user_id }) => ({
      series,
      min_dev_fee,
      min_total_fee,
      user_id,
    })),
  };
}
