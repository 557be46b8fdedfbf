import { type Static, Type } from 'typebox';
import { named } from './common-schemas';

export const LicenseSchema = named(
  'License',
  Type.Object({ id: Type.Integer(), name: Type.String(), region: Type.String() }),
);

export const IssuedLicenseSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  region: Type.String(),
  /** How many builds use the license. */
  issued: Type.Integer(),
});

export const LicenseRegionSchema = Type.Object({
  region: Type.String(),
  licenses: Type.Array(IssuedLicenseSchema),
});

export const AnalyticsSchema = Type.Object({
  totalUsers: Type.Integer(),
  /** Accounts active within the last 30 days. */
  activeUsers: Type.Integer(),
  licensesIssued: Type.Integer(),
});

export type License = Static<typeof LicenseSchema>;
