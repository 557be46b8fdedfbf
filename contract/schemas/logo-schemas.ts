import { type Static, Type } from 'typebox';

export const LOGO_VARIANTS = ['le', 'de'] as const;
export type LogoVariant = (typeof LOGO_VARIANTS)[number];

export const LogoSetSchema = Type.Object({
  id: Type.Integer(),
  /** The light-theme image, `/api/logos/{id}/le`. */
  le: Type.String(),
  /** The dark-theme image, `/api/logos/{id}/de`. */
  de: Type.String(),
  is_default: Type.Boolean(),
});

export const LogoIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const LogoFileParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  variant: Type.Enum([...LOGO_VARIANTS]),
});

export type LogoSet = Static<typeof LogoSetSchema>;
