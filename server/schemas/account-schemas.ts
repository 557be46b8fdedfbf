import { type Static, Type } from 'typebox';

export const LanguageSchema = Type.Enum(['en', 'ru']);
export const RoleSchema = Type.Enum(['admin', 'tester', 'developer', 'user']);

export const PartnerFeeSchema = Type.Object({
  series: Type.String(),
  min_dev_fee: Type.Number(),
  min_total_fee: Type.Number(),
  user_id: Type.Integer(),
});

export const AccountInfoSchema = Type.Object({
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
  fee: Type.Array(PartnerFeeSchema),
});

export const AccountInfoPatchSchema = Type.Object(
  {
    language: Type.Optional(LanguageSchema),
    send_email: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

export type AccountInfo = Static<typeof AccountInfoSchema>;
export type AccountInfoPatch = Static<typeof AccountInfoPatchSchema>;
