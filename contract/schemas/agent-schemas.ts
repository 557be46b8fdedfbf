// The agent protocol (POST /api/agent/…): the server's route schemas, and the types the agent reads them with.
import { type Static, Type } from 'typebox';
import { FINISH_STATUSES, JOB_STATES } from '../statuses';
import { closedObject } from './common-schemas';
import type { PoolEntry } from './pool-schemas';

export const SHA256_PATTERN = '^[a-f0-9]{64}$';

export const SourceHoldingSchema = closedObject({
  repository: Type.String({ minLength: 1, maxLength: 200 }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 250 }), { maxItems: 1000 }),
});

export const HeartbeatBodySchema = closedObject({
  releases: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000, description: 'Deployed releases held' }),
  ),
  sources: Type.Optional(
    Type.Array(SourceHoldingSchema, {
      maxItems: 1000,
      description: 'Release sources held, per repository',
    }),
  ),
  jobs: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 100,
      description: 'The jobs being built now: only their leases are renewed',
    }),
  ),
});

export const HeartbeatAnswerSchema = Type.Object({
  ok: Type.Literal(true),
  deployed: Type.Array(
    Type.Object({
      id: Type.Integer(),
      tags: Type.Array(Type.Object({ repository: Type.String(), tag: Type.String() })),
    }),
    { description: 'Deployed releases, whose sources an agent fetches ahead of builds' },
  ),
});

export const ClaimAnswerSchema = Type.Object({
  job: Type.Object({
    id: Type.Integer({ description: 'The build id' }),
    uuid: Type.String(),
    attempt: Type.Integer({ description: 'Which run of the job this is; events carry it' }),
    spec: Type.Record(Type.String(), Type.Unknown(), { description: 'Everything the build needs' }),
  }),
});

export const JobIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const EventSeqSchema = Type.Integer({ minimum: 1, description: 'Numbers the events of one attempt' });

// One schema per event type, so that `data` is checked against what its type means: a log line is text, a
// progress is a percentage (a string or NaN there once reached the progress column as a 500).
const LogEventSchema = closedObject({
  seq: EventSeqSchema,
  type: Type.Literal('log'),
  data: Type.String({ maxLength: 100_000 }),
});

const ProgressEventSchema = closedObject({
  seq: EventSeqSchema,
  type: Type.Literal('progress'),
  data: Type.Number({ minimum: 0, maximum: 100, description: 'Percent done' }),
});

export const EventsBodySchema = closedObject({
  attempt: Type.Optional(
    Type.Integer({ minimum: 1, description: 'The claimed attempt; another one is refused' }),
  ),
  events: Type.Array(Type.Union([LogEventSchema, ProgressEventSchema]), { maxItems: 1000 }),
});

export const JobStateSchema = Type.Object({
  state: Type.Enum([...JOB_STATES]),
});

export const ArtifactHeadersSchema = Type.Object({
  'x-sha256': Type.String({ pattern: SHA256_PATTERN, description: 'sha256 of the body, lowercase hex' }),
  'content-length': Type.String({ pattern: '^[0-9]+$' }),
});

export const ArtifactAnswerSchema = Type.Object({ sha256: Type.String(), size: Type.Integer() });

export const FinishBodySchema = closedObject({
  status: Type.Enum([...FINISH_STATUSES]),
  sha256: Type.Optional(Type.String({ pattern: SHA256_PATTERN })),
  size: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
});

export const FinishAnswerSchema = Type.Object({
  status: Type.Enum([...FINISH_STATUSES, 'cancelled']),
});

export const SourceParamsSchema = Type.Object({
  repository: Type.String({ minLength: 1, maxLength: 200 }),
});

export const JobSourceParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  repository: Type.String({ minLength: 1, maxLength: 200 }),
});

export const SourceQuerySchema = closedObject({ tag: Type.String({ minLength: 1, maxLength: 250 }) });

export type SourceHolding = Static<typeof SourceHoldingSchema>;
export type HeartbeatBody = Static<typeof HeartbeatBodySchema>;
export type HeartbeatAnswer = Static<typeof HeartbeatAnswerSchema>;
/** A release an admin deployed: an agent fetches its sources ahead of any build and reports them. */
export type DeployedRelease = HeartbeatAnswer['deployed'][number];
export type JobEvent = Static<typeof EventsBodySchema>['events'][number];
export type JobStateAnswer = Static<typeof JobStateSchema>;
export type FinishBody = Static<typeof FinishBodySchema>;
export type FinishAnswer = Static<typeof FinishAnswerSchema>;

/** A pool as the agent reads it: a build's pool entry, and a password some pools want. */
export type PoolSpec = Partial<Omit<PoolEntry, 'url'>> & { url: string; password?: string };

/** One image of the logo set, public on the console: GET `url` (relative to the server). */
export interface LogoImageSpec {
  url: string;
  type?: string;
}

/**
 * The job spec as an agent reads it: what the server resolved when the build was queued (its JobSpec, in
 * server/builds/input/job-spec.ts, extends this one, so the compiler holds them together). The builder reads only
 * these fields and tolerates extra and missing ones: an operator's BUILD_COMMAND gets the spec as it came.
 */
export interface JobSpec {
  build?: {
    uuid?: string;
    name?: string;
    model?: string;
    series?: string;
    platform?: string;
    install_type?: string;
  };
  release: {
    id: number;
    series?: string;
    version?: string;
    stage?: string;
    tags: { repository_name: string; tag_name: string; url?: string | null }[];
  };
  pools: PoolSpec[];
  ssh_keys: { name?: string; key: string }[];
  logo: { id: number; le: LogoImageSpec; de: LogoImageSpec } | null;
  license: { id?: number; name: string; region?: string } | null;
  options: Record<string, unknown>;
  /** The configuration's hash the server stored on the build (contract/config-hash.ts), for the manifest. */
  config_hash?: string;
}

/** A job an agent claimed: the claim answer, its spec read as a JobSpec. */
export type ClaimedJob = Omit<Static<typeof ClaimAnswerSchema>['job'], 'spec'> & { spec: JobSpec };
