import { type Static, Type } from 'typebox';
import { FEE_MAX, FEE_MIN, NAME_MIN_LENGTH, PARTNER_FEE_SERIES } from '../constants';
import { BUILD_LIMIT_MAX } from '../queue-limits';
import { LETTERS_DIGITS_UNDERSCORE } from '../rules/text';
import { emailRule, PartnerFeeSchema, passwordRule } from './account-schemas';
import { closedObject, documentedBounds, documentedPattern, named } from './common-schemas';

export const FeeSeriesSchema = Type.Enum([...PARTNER_FEE_SERIES]);

/** A fee in percent: the rule's range (contract/rules/fees.ts) is stated in the document. */
const feeValue = () => Type.Number(documentedBounds({ minimum: FEE_MIN, maximum: FEE_MAX }));

const FeeValuesSchema = closedObject({ min_dev_fee: feeValue(), min_total_fee: feeValue() });

/** Custom DevFee per series: `{x19: {min_dev_fee, min_total_fee}, …}`. */
const CustomDevFeeSchema = closedObject({
  x19: Type.Optional(FeeValuesSchema),
  x21: Type.Optional(FeeValuesSchema),
  l9: Type.Optional(FeeValuesSchema),
  l7: Type.Optional(FeeValuesSchema),
});

export const PartnerSchema = named(
  'Partner',
  Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    worker: Type.String(),
    fee: Type.Array(PartnerFeeSchema),
    last_active: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    is_blocked: Type.Boolean(),
    is_vip: Type.Boolean(),
    is_tester: Type.Boolean(),
    is_developer: Type.Boolean(),
    is_admin: Type.Boolean(),
    /** Issue 17: listed only with include_removed (admins); such a partner can be restored. */
    is_removed: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    /** Issue 36: the partner's queue limits as an admin set them; null: the defaults (contract/queue-limits.ts). */
    max_queued_builds: Type.Union([Type.Integer(), Type.Null()]),
    max_builds_per_hour: Type.Union([Type.Integer(), Type.Null()]),
  }),
);

export const PartnersQuerySchema = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 254 })),
  by_vip: Type.Optional(Type.Boolean()),
  include_removed: Type.Optional(
    Type.Boolean({ description: 'Show removed (admins only): removed partners too' }),
  ),
  page: Type.Integer({ minimum: 0, default: 0 }),
});

export const UserIdQuerySchema = Type.Object({ user_id: Type.Integer({ minimum: 1 }) });

const BuildLimitSchema = Type.Integer({ minimum: 1, maximum: BUILD_LIMIT_MAX });

// Lengths are checked by the handlers with the spec's messages; the schema only caps absurd input, and the
// document states the rules' own bounds (issue 38).
const partnerFields = {
  email: Type.String({ maxLength: 1000, ...emailRule }),
  password: Type.String({ maxLength: 1000, ...passwordRule }),
  worker: Type.String({
    maxLength: 64,
    ...documentedPattern(LETTERS_DIGITS_UNDERSCORE),
    ...documentedBounds({ minLength: NAME_MIN_LENGTH }),
  }),
  is_vip: Type.Optional(Type.Boolean()),
  is_tester: Type.Optional(Type.Boolean()),
  is_developer: Type.Optional(Type.Boolean()),
  is_admin: Type.Optional(Type.Boolean()),
  is_blocked: Type.Optional(Type.Boolean()),
  // Issue 36: the partner's queue limits; null goes back to the default (contract/queue-limits.ts).
  max_queued_builds: Type.Optional(Type.Union([BuildLimitSchema, Type.Null()])),
  max_builds_per_hour: Type.Optional(Type.Union([BuildLimitSchema, Type.Null()])),
};

export const PartnerCreateSchema = closedObject({
  ...partnerFields,
  custom_dev_fee: Type.Optional(Type.Union([CustomDevFeeSchema, Type.Null()])),
});

export const PartnerPatchSchema = closedObject(
  {
    email: Type.Optional(partnerFields.email),
    password: Type.Optional(partnerFields.password),
    worker: Type.Optional(partnerFields.worker),
    is_vip: partnerFields.is_vip,
    is_tester: partnerFields.is_tester,
    is_developer: partnerFields.is_developer,
    is_admin: partnerFields.is_admin,
    is_blocked: partnerFields.is_blocked,
    max_queued_builds: partnerFields.max_queued_builds,
    max_builds_per_hour: partnerFields.max_builds_per_hour,
    custom_dev_fee: Type.Optional(Type.Union([CustomDevFeeSchema, Type.Null()])),
  },
  { minProperties: 1 },
);

export const FeeCreateSchema = closedObject({
  user_id: Type.Integer({ minimum: 1 }),
  series: FeeSeriesSchema,
  min_dev_fee: feeValue(),
  min_total_fee: feeValue(),
});

export const FeeQuerySchema = Type.Object({
  user_id: Type.Integer({ minimum: 1 }),
  series: FeeSeriesSchema,
});

export const FeePatchSchema = closedObject(
  { min_dev_fee: Type.Optional(feeValue()), min_total_fee: Type.Optional(feeValue()) },
  { minProperties: 1 },
);

export type Partner = Static<typeof PartnerSchema>;
export type PartnerCreate = Static<typeof PartnerCreateSchema>;
export type PartnerPatch = Static<typeof PartnerPatchSchema>;
