import { describe, expect, it } from 'vitest';
import type { PartnerFee } from '../../authProvider/account';
import { isEmptyPlan, planFeeChanges } from './planFeeChanges';

const fee = (series: string, min_dev_fee: number, min_total_fee: number): PartnerFee => ({
  series,
  min_dev_fee,
  min_total_fee,
  user_id: 5,
});

describe('planFeeChanges (spec §4 Partner create/update)', () => {
  it('creates a record for each filled series when custom DevFee is on', () => {
    const plan = planFeeChanges([], {
      custom_fee: true,
      fees: {
        x19: { min_dev_fee: 1.5, min_total_fee: 3 },
        x21: { min_dev_fee: 2, min_total_fee: 2 },
        l9: { min_dev_fee: 0, min_total_fee: 0 },
        l7: { min_dev_fee: 0.25, min_total_fee: 4.75 },
      },
    });
    expect(plan).toEqual({
      create: [
        { series: 'x19', min_dev_fee: 1.5, min_total_fee: 3 },
        { series: 'x21', min_dev_fee: 2, min_total_fee: 2 },
        { series: 'l9', min_dev_fee: 0, min_total_fee: 0 },
        { series: 'l7', min_dev_fee: 0.25, min_total_fee: 4.75 },
      ],
      patch: [],
      remove: [],
    });
  });

  it('creates nothing when custom DevFee is off or every series is empty', () => {
    expect(
      isEmptyPlan(
        planFeeChanges([], { custom_fee: false, fees: { x19: { min_dev_fee: 1, min_total_fee: 2 } } }),
      ),
    ).toBe(true);
    expect(
      isEmptyPlan(
        planFeeChanges([], { custom_fee: true, fees: { x19: { min_dev_fee: null, min_total_fee: null } } }),
      ),
    ).toBe(true);
  });

  it('patches existing series with the changed fields only, creates new ones, leaves unchanged ones', () => {
    const before = [fee('x19', 1, 3), fee('x21', 2, 4), fee('l9', 1, 1)];
    const plan = planFeeChanges(before, {
      custom_fee: true,
      fees: {
        x19: { min_dev_fee: 1.25, min_total_fee: 3 },
        x21: { min_dev_fee: 2, min_total_fee: 5 },
        l9: { min_dev_fee: 1, min_total_fee: 1 },
        l7: { min_dev_fee: 0.5, min_total_fee: 1 },
      },
    });
    expect(plan).toEqual({
      create: [{ series: 'l7', min_dev_fee: 0.5, min_total_fee: 1 }],
      patch: [
        { series: 'x19', data: { min_dev_fee: 1.25 } },
        { series: 'x21', data: { min_total_fee: 5 } },
      ],
      remove: [],
    });
  });

  it('deletes every fee record when custom DevFee is turned off', () => {
    const before = [fee('x19', 1, 3), fee('l7', 2, 4)];
    const plan = planFeeChanges(before, {
      custom_fee: false,
      fees: { x19: { min_dev_fee: 1, min_total_fee: 3 }, l7: { min_dev_fee: 2, min_total_fee: 4 } },
    });
    expect(plan).toEqual({ create: [], patch: [], remove: ['x19', 'l7'] });
  });

  it('deletes the record of a series whose inputs were emptied', () => {
    const plan = planFeeChanges([fee('x19', 1, 3), fee('x21', 1, 3)], {
      custom_fee: true,
      fees: { x19: { min_dev_fee: null, min_total_fee: null }, x21: { min_dev_fee: 1, min_total_fee: 3 } },
    });
    expect(plan).toEqual({ create: [], patch: [], remove: ['x19'] });
  });
});
