import type { Partner } from '../../contract/schemas/partners-schemas';
import type { PartnerFeeRow } from '../platform/db/schema';
import type { AccountRow } from './accounts-repository';

export function toPartnerFee({ series, min_dev_fee, min_total_fee, user_id }: PartnerFeeRow) {
  return { series, min_dev_fee, min_total_fee, user_id };
}

export function toPartner(account: AccountRow, fees: PartnerFeeRow[]): Partner {
  return {
    id: account.id,
    email: account.email,
    worker: account.worker,
    fee: fees.map(toPartnerFee),
    last_active: account.last_active?.toISOString() ?? null,
    is_blocked: account.is_blocked,
    is_vip: account.is_vip,
    is_tester: account.is_tester,
    is_developer: account.is_developer,
    is_admin: account.is_admin,
    is_removed: account.is_removed,
    created_at: account.created_at.toISOString(),
    max_queued_builds: account.max_queued_builds,
    max_builds_per_hour: account.max_builds_per_hour,
  };
}
