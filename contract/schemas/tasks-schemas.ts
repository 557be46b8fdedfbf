import { type Static, Type } from 'typebox';
import { BuildStatusSchema, estimateFields } from './build-schemas';
import { closedObject, named } from './common-schemas';
import { livenessFields } from './liveness-schemas';

const nullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const TaskSchema = named(
  'Task',
  Type.Object({
    id: Type.Integer({ description: 'The build id' }),
    uuid: Type.String(),
    group_id: Type.Integer(),
    group_name: Type.String(),
    model: Type.String(),
    platform: Type.String({ description: 'Issue 37: tells builds of one model apart' }),
    install_type: Type.String(),
    series: Type.String(),
    release_version: Type.String(),
    status: BuildStatusSchema,
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    cancel_requested: Type.Boolean({ description: 'Cancelling: the agent stops the build at its next call' }),
    queue_position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: '1-based place among pending tasks; null unless pending',
    }),
    ...estimateFields,
    ...livenessFields,
    attempts: Type.Integer({ description: 'Runs of this job so far (a lost agent costs one)' }),
    created_at: Type.String({ format: 'date-time', description: 'When the job was queued' }),
    started_at: nullableDate,
    finished_at: nullableDate,
    worker_name: Type.Union([Type.String(), Type.Null()]),
    is_favorite: Type.Boolean({ description: "The set's favourite flag" }),
    user_id: Type.Integer(),
    user_email: Type.String(),
  }),
);

export const TaskListSchema = Type.Array(TaskSchema);

const page = Type.Integer({ minimum: 0, default: 0, description: 'Zero-based' });
const search = Type.String({ maxLength: 200 });

export const TasksQuerySchema = closedObject({
  search: Type.Optional(search),
  is_favorite: Type.Optional(Type.Boolean()),
  by_favorite: Type.Optional(Type.Boolean({ description: 'The same as is_favorite' })),
  page: Type.Optional(page),
});

export const AdminTasksQuerySchema = closedObject({
  search: Type.Optional(search),
  page: Type.Optional(page),
});

export const PageQuerySchema = closedObject({ page: Type.Optional(page) });

export const TaskCountersSchema = Type.Object({
  pending: Type.Integer(),
  in_progress: Type.Integer(),
  failed: Type.Integer(),
});

export const TaskIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const TaskIdsQuerySchema = closedObject({
  ids: Type.String({
    pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,199}$',
    description: 'Comma-separated task (build) ids, at most 200',
    examples: ['1,2,3'],
  }),
});

export const TaskLogSchema = Type.Object({
  run: Type.Integer({ description: 'The run whose log this is (issue 17)' }),
  progress: Type.Integer({ description: "The build's progress for its latest run; 0 for an earlier run" }),
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

const runParam = Type.Integer({
  minimum: 1,
  description: "Issue 17: the build's run whose log is read (see …/runs); the latest unless given",
});

/** The text download's query: the run (the latest unless given). */
export const RunQuerySchema = closedObject({ run: Type.Optional(runParam) });

export const TaskLogQuerySchema = closedObject({
  before: Type.Optional(seq('The lines just before this seq (an older page); without it the newest')),
  after: Type.Optional(seq('The lines just after this seq, oldest first (catching up); not with `before`')),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LOG_PAGE_MAX,
      description: `Lines a page; ${LOG_PAGE_DEFAULT} unless given`,
    }),
  ),
  run: Type.Optional(runParam),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Search: only the lines containing this (any case), the newest page of matches first',
    }),
  ),
});
