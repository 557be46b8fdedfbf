import { Type } from 'typebox';

export const SHA256_PATTERN = '^[a-f0-9]{64}$';

const SourceHoldingSchema = Type.Object(
  {
    repository: Type.String({ minLength: 1, maxLength: 200 }),
    tags: Type.Array(Type.String({ minLength: 1, maxLength: 250 }), { maxItems: 1000 }),
  },
  { additionalProperties: false },
);

export const HeartbeatBodySchema = Type.Object(
  {
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
  },
  { additionalProperties: false },
);

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
const LogEventSchema = Type.Object(
  { seq: EventSeqSchema, type: Type.Literal('log'), data: Type.String({ maxLength: 100_000 }) },
  { additionalProperties: false },
);

const ProgressEventSchema = Type.Object(
  {
    seq: EventSeqSchema,
    type: Type.Literal('progress'),
    data: Type.Number({ minimum: 0, maximum: 100, description: 'Percent done' }),
  },
  { additionalProperties: false },
);

export const EventsBodySchema = Type.Object(
  {
    attempt: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The claimed attempt; another one is refused' }),
    ),
    events: Type.Array(Type.Union([LogEventSchema, ProgressEventSchema]), { maxItems: 1000 }),
  },
  { additionalProperties: false },
);

export const JobStateSchema = Type.Object({
  state: Type.Union([Type.Literal('running'), Type.Literal('cancelling')]),
});

export const ArtifactHeadersSchema = Type.Object({
  'x-sha256': Type.String({ pattern: SHA256_PATTERN, description: 'sha256 of the body, lowercase hex' }),
  'content-length': Type.String({ pattern: '^[0-9]+$' }),
});

export const ArtifactAnswerSchema = Type.Object({ sha256: Type.String(), size: Type.Integer() });

export const FinishBodySchema = Type.Object(
  {
    status: Type.Union([Type.Literal('done'), Type.Literal('failed')]),
    sha256: Type.Optional(Type.String({ pattern: SHA256_PATTERN })),
    size: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    reason: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

export const FinishAnswerSchema = Type.Object({
  status: Type.Union([Type.Literal('done'), Type.Literal('failed'), Type.Literal('cancelled')]),
});

export const SourceParamsSchema = Type.Object({
  repository: Type.String({ minLength: 1, maxLength: 200 }),
});

export const JobSourceParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  repository: Type.String({ minLength: 1, maxLength: 200 }),
});

export const SourceQuerySchema = Type.Object(
  { tag: Type.String({ minLength: 1, maxLength: 250 }) },
  { additionalProperties: false },
);
