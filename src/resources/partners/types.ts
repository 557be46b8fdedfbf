import type { PartnerFeeSeries } from '../../../contract/constants';

export type FeeSeries = PartnerFeeSeries;

/** GET /admin/users item and GET /admin/user (spec §3 Partner / user list item). */
export type { Partner } from '../../../contract/schemas/partners-schemas';

/** The per-series inputs of the partner form; empty inputs are null. */
export interface FeeInput {
  min_dev_fee?: number | null;
  min_total_fee?: number | null;
}

export interface FeeFormValues {
  /** 'custom DevFee' */
  custom_fee: boolean;
  fees: Partial<Record<FeeSeries, FeeInput>>;
}

export interface PartnerFormValues extends FeeFormValues {
  email: string;
  password?: string;
  worker: string;
  is_admin: boolean;
  is_developer: boolean;
  is_tester: boolean;
  is_vip: boolean;
  is_blocked: boolean;
  /** Issue 36: the queue limits; null (an empty input) is the default. */
  max_queued_builds: number | null;
  max_builds_per_hour: number | null;
}

/** The role and status switches the partner form sends with the account fields (POST /admin/users, PATCH /admin/user). */
export const PARTNER_FLAGS = ['is_admin', 'is_developer', 'is_tester', 'is_vip', 'is_blocked'] as const;
