import { type Static, Type } from 'typebox';
import { BuildStatusSchema } from './build-schemas';
import { named } from './common-schemas';

const nullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** Issue 17: one run of a build (a rebuild, edit or upgrade starts the next), kept with its own log. */
export const BuildRunSchema = named(
  'Run',
  Type.Object({
    run: Type.Integer({
      minimum: 1,
      description: 'The run number, 1 for the first; the log API takes it as `run`',
    }),
    release_id: Type.Union([Type.Integer(), Type.Null()]),
    release_version: Type.String(),
    commits: Type.Array(
      Type.Object({
        repository: Type.String(),
        tag: Type.String(),
        commit: Type.Union([Type.String(), Type.Null()], {
          description: 'Null where the server did not know it',
        }),
      }),
    ),
    agent_name: Type.Union([Type.String(), Type.Null()], {
      description: "The agent's name at the time (kept when the agent is deleted); null if none took it",
    }),
    status: BuildStatusSchema,
    attempts: Type.Integer(),
    queued_at: Type.String({ format: 'date-time' }),
    started_at: nullableDate,
    finished_at: nullableDate,
    sha256: Type.Union([Type.String(), Type.Null()]),
    file_size: Type.Union([Type.Integer(), Type.Null()]),
    is_latest: Type.Boolean({ description: "The build's current run (the one the task list shows)" }),
    download_path: Type.Union([Type.String(), Type.Null()], {
      description:
        "Issue 37: where the run's file is downloaded (public, like the build's link), while the console keeps " +
        'it; null for a run without a file or past the retention',
    }),
    attestation_path: Type.Union([Type.String(), Type.Null()], {
      description: "Issue 37: the run's signed attestation (public), while its file is kept; null otherwise",
    }),
  }),
);

export const BuildRunListSchema = Type.Array(BuildRunSchema);

export type BuildRun = Static<typeof BuildRunSchema>;
