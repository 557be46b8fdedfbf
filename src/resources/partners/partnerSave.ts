// Saving the partner form: the account (POST /admin/users or PATCH /admin/user) and then its fee records as
// planFeeChanges says (POST, PATCH and DELETE /admin/user/fee).

import type { DataProvider } from 'react-admin';
import { PARTNER_FEE_SERIES } from '../../../contract/constants';
import type { HttpClient } from '../../dataProvider/httpClient';
import { callOf } from '../../dataProvider/paths';
import { type FeePlan, planFeeChanges } from './planFeeChanges';
import { PARTNER_FLAGS, type Partner, type PartnerFormValues } from './types';

/** The account fields of the form; the password only when one was typed. */
export function accountFields(values: Partial<PartnerFormValues>): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    email: values.email?.trim(),
    worker: values.worker?.trim(),
  };
  for (const flag of PARTNER_FLAGS) fields[flag] = Boolean(values[flag]);
  for (const limit of ['max_queued_builds', 'max_builds_per_hour'] as const)
    fields[limit] = values[limit] ?? null;
  if (values.password) fields.password = values.password;
  return fields;
}

/** The form's values for a partner: its fee records become the per-series inputs. */
export function toFormValues(partner?: Partial<Partner>): PartnerFormValues {
  const fee = partner?.fee ?? [];
  const fees = Object.fromEntries(
    PARTNER_FEE_SERIES.map((series) => {
      const record = fee.find((f) => f.series === series);
      return [
        series,
        { min_dev_fee: record?.min_dev_fee ?? null, min_total_fee: record?.min_total_fee ?? null },
      ];
    }),
  );
  return {
    email: partner?.email ?? '',
    password: '',
    worker: partner?.worker ?? '',
    is_admin: Boolean(partner?.is_admin),
    is_developer: Boolean(partner?.is_developer),
    is_tester: Boolean(partner?.is_tester),
    is_vip: Boolean(partner?.is_vip),
    is_blocked: Boolean(partner?.is_blocked),
    max_queued_builds: partner?.max_queued_builds ?? null,
    max_builds_per_hour: partner?.max_builds_per_hour ?? null,
    custom_fee: fee.length > 0,
    fees,
  };
}

export async function applyFeePlan(http: HttpClient, userId: number, plan: FeePlan): Promise<void> {
  const create = callOf('createFee');
  const update = callOf('updateFee');
  const remove = callOf('deleteFee');
  for (const record of plan.create) {
    await http(create.path, { ...create.request, body: { user_id: userId, ...record } });
  }
  for (const { series, data } of plan.patch) {
    await http(update.path, { ...update.request, query: { user_id: userId, series }, body: data });
  }
  for (const series of plan.remove) {
    await http(remove.path, { ...remove.request, query: { user_id: userId, series } });
  }
}

/**
 * POST /admin/users with the fee records in it (spec §4): with custom DevFee on, the server creates a record for
 * every series (x19, x21, l9, l7), those left empty at the default minimums.
 */
export async function createPartner(dataProvider: DataProvider, values: PartnerFormValues): Promise<Partner> {
  const custom_dev_fee = values.custom_fee
    ? Object.fromEntries(
        planFeeChanges([], values).create.map(({ series, ...minimums }) => [series, minimums]),
      )
    : undefined;
  const { data } = await dataProvider.create<Partner>('partners', {
    data: { ...accountFields(values), ...(custom_dev_fee ? { custom_dev_fee } : {}) } as Partial<Partner>,
  });
  return data;
}

export async function updatePartner(
  dataProvider: DataProvider,
  http: HttpClient,
  previous: Partner,
  values: PartnerFormValues,
): Promise<void> {
  const before = accountFields(toFormValues(previous));
  const after = accountFields(values);
  const changed = Object.keys(after).some((key) => after[key] !== before[key]);
  if (changed) {
    await dataProvider.update<Partner>('partners', {
      id: previous.id,
      data: after as Partial<Partner>,
      previousData: before as unknown as Partner,
    });
  }
  await applyFeePlan(http, previous.id, planFeeChanges(previous.fee ?? [], values));
}
