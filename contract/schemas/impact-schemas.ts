import { type Static, Type } from 'typebox';
import { closedObject } from './common-schemas';

export const ImpactQuerySchema = closedObject({
  release: Type.Optional(Type.Integer({ minimum: 1, description: 'A release id' })),
  license: Type.Optional(Type.Integer({ minimum: 1, description: 'A license id' })),
  model: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A model name' })),
});

/** What removing or blocking a release, a license or a model touches: builds that are not removed. */
export const ImpactSchema = Type.Object({
  builds: Type.Integer({ description: 'Builds (not removed) that use it' }),
  sets: Type.Integer({ description: 'Sets (not removed) holding such builds' }),
  queued: Type.Integer({ description: 'Of those builds, the ones waiting in the queue or building now' }),
});

export type ImpactQuery = Static<typeof ImpactQuerySchema>;
export type Impact = Static<typeof ImpactSchema>;

/** One of release, license or model: the message the 422 names the field with. */
export const IMPACT_ONE_OF = 'Give exactly one of release, license or model';
