import { type Static, Type } from 'typebox';
import { BuildStatusSchema, estimateFields } from './build-schemas';

const nullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const TaskSchema = Type.Object({
  id: Type.Integer({ description: 'The build id' }),
  uuid: Type.String(),
  group_id: Type.Integer(),
  group_name: Type.String(),
  model: Type.String(),
  series: Type.String(),
  release_version: Type.String(),
  status: BuildStatusSchema,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  cancel_requested: Type.Boolean({ description: 'Cancelling: the agent stops the build at its next call' }),
  queue_position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: '1-based place among pending tasks; null unless pending',
  }),
  ...estimateFields,
  attempts: Type.Integer({ description: 'Runs of this job so far (a lost agent costs one)' }),
  created_at: Type.String({ format: 'date-time', description: 'When the job was queued' }),
  started_at: nullableDate,
  finished_at: nullableDate,
  worker_name: Type.Union([Type.String(), Type.Null()]),
  is_favorite: Type.Boolean({ description: "The set's favourite flag" }),
  user_id: Type.Integer(),
  user_email: Type.String(),
});

export const TaskListSchema = Type.Array(TaskSchema);

const page = Type.Integer({ minimum: 0, default: 0, description: 'Zero-based' });
const search = Type.String({ maxLength: 200 });

export const TasksQuerySchema = Type.Object(
  {
    search: Type.Optional(search),
    is_favorite: Type.Optional(Type.Boolean()),
    by_favorite: Type.Optional(Type.Boolean({ description: 'The same as is_favorite' })),
    page: Type.Optional(page),
  },
  { additionalProperties: false },
);

export const AdminTasksQuerySchema = Type.Object(
  { search: Type.Optional(search), page: Type.Optional(page) },
  { additionalProperties: false },
);

export const PageQuerySchema = Type.Object({ page: Type.Optional(page) }, { additionalProperties: false });

export const TaskCountersSchema = Type.Object({
  pending: Type.Integer(),
  in_progress: Type.Integer(),
  failed: Type.Integer(),
});

export const TaskIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const TaskIdsQuerySchema = Type.Object(
  {
    ids: Type.String({
      pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,199}$',
      description: 'Comma-separated task (build) ids, at most 200',
      examples: ['1,2,3'],
    }),
  },
  { additionalProperties: false },
);

export const TaskLogSchema = Type.Object({
  progress: Type.Integer(),
  lines: Type.Array(
    Type.Object({
      seq: Type.Integer({ description: 'Increases along the log; live log_build messages carry the same' }),
      line: Type.String(),
      at: Type.String({ format: 'date-time' }),
    }),
    { description: 'Oldest first: a page of the log, or with `q` the matching lines of a search page' },
  ),
  before: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'Pass as `before` for the next older page (of lines, or of matches with `q`); null: none older',
  }),
  after: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Pass as `after` for the next newer page; null: this page reached the end of the stored log',
  }),
});

export type Task = Static<typeof TaskSchema>;
export type TaskCounters = Static<typeof TaskCountersSchema>;
/** The largest `limit` of a log page. */
export const LOG_PAGE_MAX = 2000;
/** Lines a log page holds when the caller does not say. */
export const LOG_PAGE_DEFAULT = 500;

const seq = (description: string) =>
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

export const TaskLogQuerySchema = Type.Object(
  {
    before: Type.Optional(seq('The lines just before this seq (an older page); without it the newest')),
    after: Type.Optional(seq('The lines just after this seq, oldest first (catching up); not with `before`')),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: LOG_PAGE_MAX,
        description: `Lines a page; ${LOG_PAGE_DEFAULT} unless given`,
      }),
    ),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Search: only the lines containing this (any case), the newest page of matches first',
      }),
    ),
  },
  { additionalProperties: false },
);
