import { type Static, Type } from 'typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SUPPORTED_LANGUAGES } from '../constants';
import { ROLES } from '../roles';
import { EMAIL_MAX_LENGTH, NO_CYRILLIC } from '../rules/account';
import { closedObject, documentedBounds, documentedPattern, named } from './common-schemas';

/** An e-mail address as the rule takes it (contract/rules/account.ts): its format, length and no Cyrillic. */
export const emailRule = {
  ...documentedBounds({ format: 'email', maxLength: EMAIL_MAX_LENGTH }),
  ...documentedPattern(NO_CYRILLIC),
};

/** A new password as the rule takes it: 8 to 32 characters. */
export const passwordRule = documentedBounds({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
});

export const LanguageSchema = Type.Enum([...SUPPORTED_LANGUAGES]);
export const RoleSchema = Type.Enum([...ROLES]);

export const PartnerFeeSchema = named(
  'PartnerFee',
  Type.Object({
    series: Type.String(),
    min_dev_fee: Type.Number(),
    min_total_fee: Type.Number(),
    user_id: Type.Integer(),
  }),
);

export const AccountInfoSchema = named(
  'Account',
  Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    worker: Type.String(),
    language: LanguageSchema,
    send_email: Type.Boolean(),
    role: RoleSchema,
    is_blocked: Type.Boolean(),
    is_admin: Type.Boolean(),
    is_developer: Type.Boolean(),
    is_tester: Type.Boolean(),
    /** A beta tester's own switch (only testers may set it). */
    beta_testing: Type.Boolean(),
    /** Issue 37: e-mail me when one of my builds finishes / fails. */
    notify_build_done: Type.Boolean(),
    notify_build_failed: Type.Boolean(),
    fee: Type.Array(PartnerFeeSchema),
  }),
);

export const AccountInfoPatchSchema = closedObject(
  {
    language: Type.Optional(LanguageSchema),
    send_email: Type.Optional(Type.Boolean()),
    beta_testing: Type.Optional(Type.Boolean()),
    notify_build_done: Type.Optional(Type.Boolean()),
    notify_build_failed: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1 },
);

export type AccountInfo = Static<typeof AccountInfoSchema>;
export type AccountInfoPatch = Static<typeof AccountInfoPatchSchema>;

// ── E-mail and password changes (issue 6); formats and lengths are checked by the handlers ──

export const ChangeEmailBodySchema = closedObject({ email: Type.String({ maxLength: 1000, ...emailRule }) });

export const ConfirmEmailChangeBodySchema = closedObject({
  token: Type.String({ minLength: 1, maxLength: 200 }),
});

export const ConfirmedEmailSchema = Type.Object({ email: Type.String() });

export const ChangePasswordBodySchema = closedObject({
  old_password: Type.String({ maxLength: 1000 }),
  new_password: Type.String({ maxLength: 1000, ...passwordRule }),
});

export type PartnerFee = Static<typeof PartnerFeeSchema>;
