import { type Static, Type } from 'typebox';
import { named } from './common-schemas';

export const LOGO_VARIANTS = ['le', 'de'] as const;
export type LogoVariant = (typeof LOGO_VARIANTS)[number];

export const LogoSetSchema = named(
  'LogoSet',
  Type.Object({
    id: Type.Integer(),
    /** The light-theme image, `/api/logos/{public_id}/le` (a random id, not `id`). */
    le: Type.String(),
    /** The dark-theme image, `/api/logos/{public_id}/de`. */
    de: Type.String(),
    is_default: Type.Boolean(),
    /** Uploaded by the build or set form for one build (issue 37): not one of the account's saved sets. */
    for_build: Type.Boolean(),
  }),
);

export const LogoIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Any text up to a uuid's length: an id that is not a uuid is a logo that does not exist (404), not a 422. */
export const LogoFileParamsSchema = Type.Object({
  public_id: Type.String({ maxLength: 100 }),
  variant: Type.Enum([...LOGO_VARIANTS]),
});

/** A held job's logo image, for the agent building it. */
export const JobLogoParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  variant: Type.Enum([...LOGO_VARIANTS]),
});

export type LogoSet = Static<typeof LogoSetSchema>;
