import { Type } from 'typebox';

/**
 * Issue 17: a running build whose agent stopped answering. Its lease still runs until `lease_until`; then the
 * queue puts the build back (or fails it after its last attempt). Both null/false unless in progress.
 */
export const livenessFields = {
  agent_lost: Type.Optional(
    Type.Boolean({
      description: 'In progress, and its agent has not called for longer than an agent stays online',
    }),
  ),
  lease_until: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'In progress: when the lease runs out and the build goes back to the queue unless renewed',
    }),
  ),
  run: Type.Optional(
    Type.Integer({ minimum: 1, description: "The build's current run (its history: …/runs)" }),
  ),
};
