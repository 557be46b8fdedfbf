import { type Static, Type } from 'typebox';
import { DASHBOARD_RANGES, DEFAULT_DASHBOARD_RANGE } from '../dashboard';
import { closedObject } from './common-schemas';

export const DashboardQuerySchema = closedObject({
  range: Type.Enum([...DASHBOARD_RANGES], {
    default: DEFAULT_DASHBOARD_RANGE,
    description: 'The last 24 hours, 7, 30 or 90 days',
  }),
});

const At = Type.String({ format: 'date-time', description: "The bucket's start (UTC)" });
const Bucket = Type.Enum(['hour', 'day', 'week']);
const Count = Type.Integer({ minimum: 0 });
const Seconds = Type.Union([Type.Number(), Type.Null()], {
  description: 'Seconds; null when no build measured',
});

export const BuildsPerBucketSchema = Type.Object({
  bucket: Bucket,
  points: Type.Array(
    Type.Object({ at: At, done: Count, failed: Count, cancelled: Count, in_progress: Count, pending: Count }),
  ),
});

export const TimingsSchema = Type.Object({
  bucket: Bucket,
  points: Type.Array(
    Type.Object({
      at: At,
      wait_p50: Seconds,
      wait_p95: Seconds,
      duration_p50: Seconds,
      duration_p95: Seconds,
    }),
  ),
});

const FailureRow = Type.Object({
  name: Type.String(),
  total: Count,
  failed: Count,
  rate: Type.Number({ minimum: 0, maximum: 1 }),
});

export const FailureRatesSchema = Type.Object({
  by_release: Type.Array(FailureRow),
  by_model: Type.Array(FailureRow),
});

export const AgentsOverTimeSchema = Type.Object({
  bucket: Bucket,
  points: Type.Array(Type.Object({ at: At, online: Count, busy: Count })),
});

export const LicensesPerWeekSchema = Type.Object({
  bucket: Bucket,
  regions: Type.Array(Type.String()),
  points: Type.Array(Type.Object({ at: At, region: Type.String(), issued: Count })),
});

export const ActivePartnersSchema = Type.Object({
  active: Count,
  total: Count,
});

export const FailedBuildsSchema = Type.Array(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    model: Type.String(),
    release_version: Type.String(),
    finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    error: Type.String({ description: "The run log's first error line; '' when none" }),
  }),
);

export type DashboardQuery = Static<typeof DashboardQuerySchema>;
export type BuildsPerBucket = Static<typeof BuildsPerBucketSchema>;
export type Timings = Static<typeof TimingsSchema>;
export type FailureRates = Static<typeof FailureRatesSchema>;
export type AgentsOverTime = Static<typeof AgentsOverTimeSchema>;
export type LicensesPerWeek = Static<typeof LicensesPerWeekSchema>;
export type ActivePartners = Static<typeof ActivePartnersSchema>;
export type FailedBuilds = Static<typeof FailedBuildsSchema>;
