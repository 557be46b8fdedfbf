import { type Static, Type } from 'typebox';
import { closedObject, named } from './common-schemas';
import { shownOnce } from './shown-once';

// The admins' view of build agents: the spec's /admin/workers records under our word (the glossary of
// docs/architecture.md).

export const AgentSchema = named(
  'Agent',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    token_prefix: Type.String({ description: 'The first 8 characters of the token, to tell tokens apart' }),
    is_blocked: Type.Boolean(),
    status: Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Literal('busy')], {
      description: 'offline after two missed heart-beats (25 s without a call); busy while building',
    }),
    current_build: Type.Union([
      Type.Object({
        id: Type.Integer(),
        uuid: Type.Union([Type.String(), Type.Null()], {
          description: "The build's download key: for its owner and admins only, null for anyone else",
        }),
        group_name: Type.String(),
        model: Type.String(),
        progress: Type.Integer(),
      }),
      Type.Null(),
    ]),
    releases: Type.Array(
      Type.Object({
        id: Type.Integer(),
        series: Type.String(),
        version: Type.String(),
        stage: Type.String(),
      }),
      { description: 'Deployed releases whose sources the agent holds' },
    ),
    sources: Type.Array(Type.Object({ repository: Type.String(), tags: Type.Array(Type.String()) })),
    last_contact: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  }),
);

export const AgentWithTokenSchema = Type.Object({
  ...AgentSchema.properties,
  token: Type.String({ ...shownOnce, description: 'Shown in this answer only; stored hashed' }),
});

export const AgentAnswerSchema = Type.Object({
  ...AgentSchema.properties,
  token: Type.Optional(
    Type.String({ ...shownOnce, description: 'Present only when the token was regenerated' }),
  ),
});

const name = Type.String({ minLength: 3, maxLength: 100, examples: ['build-01'] });

export const AgentCreateSchema = closedObject({ name });

export const AgentUpdateSchema = closedObject(
  {
    name: Type.Optional(name),
    is_blocked: Type.Optional(Type.Boolean()),
    token: Type.Optional(
      Type.Literal(true, { description: 'Regenerate: the old token stops working at once' }),
    ),
  },
  // An empty body would reach the database as an update of nothing (a 500).
  { minProperties: 1 },
);

export const AgentIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** A build agent; `token` only in the answer of a create or a token regeneration. */
export type Agent = Static<typeof AgentAnswerSchema>;
