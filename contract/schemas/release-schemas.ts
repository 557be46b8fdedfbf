import { type Static, Type } from 'typebox';
import { RELEASE_STAGES } from '../statuses';
import { closedObject, named } from './common-schemas';

export const StageSchema = Type.Enum([...RELEASE_STAGES], {
  description: 'The stage ladder, lowest first',
});

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ReleaseTagSchema = closedObject({
  repository_name: Type.String({ examples: ['firmware-x19'] }),
  tag_name: Type.String({ description: 'A tag or a branch of the repository', examples: ['v1.1.0'] }),
});

export const ReleaseDescriptionSchema = closedObject({
  language: Type.String({ examples: ['en'] }),
  description: Type.String({ maxLength: 20_000 }),
});

export const ReleaseSchema = named(
  'Release',
  Type.Object({
    id: Type.Integer(),
    series: Type.String(),
    version: Type.String(),
    stage: StageSchema,
    stage_number: Type.Integer(),
    parent: Nullable(Type.Integer()),
    tags: Type.Array(ReleaseTagSchema),
    is_draft: Type.Boolean(),
    is_public: Type.Boolean(),
    is_removed: Type.Boolean(),
    user_id: Nullable(Type.Integer()),
    descriptions: Type.Array(ReleaseDescriptionSchema),
    created_at: Type.String({ format: 'date-time' }),
    deploy_requested_at: Nullable(Type.String({ format: 'date-time' })),
  }),
);

export const ReleaseListSchema = Type.Array(ReleaseSchema);

export const ReleaseListQuerySchema = closedObject({
  include_deleted: Type.Boolean({
    default: false,
    description: 'Admins only: include removed releases; ignored for everyone else',
  }),
});

const versionField = Type.String({
  description: 'Required; at most 64 letters, digits, dots and dashes; unique per series and stage',
  examples: ['1.1.0-beta.1'],
});
const stageNumberField = Type.Integer({ minimum: 0 });
const parentField = Nullable(Type.Integer({ description: 'A release of the same series' }));
const tagsField = Type.Array(ReleaseTagSchema, {
  description: 'One tag or branch per repository mapped to the series',
});
const descriptionsField = Type.Array(ReleaseDescriptionSchema, {
  description: 'Per language; the default language (en) is required',
});

export const ReleaseCreateSchema = closedObject({
  series: Type.String({ examples: ['x19'] }),
  version: versionField,
  stage: StageSchema,
  stage_number: Type.Optional(stageNumberField),
  parent: Type.Optional(parentField),
  tags: tagsField,
  descriptions: descriptionsField,
  is_draft: Type.Optional(Type.Boolean({ default: true })),
  is_public: Type.Optional(Type.Boolean({ default: false })),
});

export const ReleaseUpdateSchema = closedObject({
  parent: Type.Optional(parentField),
  version: Type.Optional(versionField),
  stage: Type.Optional(StageSchema),
  stage_number: Type.Optional(stageNumberField),
  tags: Type.Optional(tagsField),
  is_draft: Type.Optional(Type.Boolean()),
  is_public: Type.Optional(Type.Boolean()),
  redeploy: Type.Optional(
    Type.Boolean({
      description: 'Ask agents to deploy the release again (a published one counts as changed)',
    }),
  ),
});

export const ReleaseDescriptionsUpdateSchema = closedObject({ descriptions: descriptionsField });

export const ReleaseIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ReleaseIdDescriptionsParamsSchema = Type.Object({ release_id: Type.Integer({ minimum: 1 }) });

export const LanguageListSchema = Type.Array(Type.Object({ name: Type.String() }));

export type ReleaseCreate = Static<typeof ReleaseCreateSchema>;
export type ReleaseUpdate = Static<typeof ReleaseUpdateSchema>;
export type Release = Static<typeof ReleaseSchema>;
export type ReleaseTag = Static<typeof ReleaseTagSchema>;
export type ReleaseDescription = Static<typeof ReleaseDescriptionSchema>;
