// Issue 37: the admins' setting of how long an earlier run's file (and its attestation) is kept.
import { type Static, Type } from 'typebox';
import { RUN_RETENTION_MAX_DAYS } from '../constants';
import { closedObject } from './common-schemas';

export const RunRetentionSchema = closedObject({
  days: Type.Integer({
    minimum: 0,
    maximum: RUN_RETENTION_MAX_DAYS,
    description:
      "Days an earlier run's file and attestation are kept after the next run began; 0 ends them at the rebuild",
  }),
});

export type RunRetention = Static<typeof RunRetentionSchema>;
