import { type Static, Type } from 'typebox';

export const RepositorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String({ description: 'Any password in the url is masked' }),
});

export const RepositoryListSchema = Type.Array(RepositorySchema);

export const RepositoryCreateSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z0-9._-]+$',
      description: 'Letters, digits, dot, dash and underscore',
      examples: ['firmware-x19'],
    }),
    url: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Anything `git ls-remote` accepts: https://, ssh://, git://, file:// or a server path',
      examples: ['https://git.example.com/firmware/x19.git'],
    }),
  },
  { additionalProperties: false },
);

export const RepositoryIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const SeriesRepositoryListSchema = Type.Array(
  Type.Object({ series: Type.String(), repository: Type.String() }),
);

export const SeriesRepositoryReplaceSchema = Type.Object(
  {
    series: Type.String({ examples: ['x19'] }),
    repositories: Type.Array(Type.String(), { description: 'Names of registered repositories' }),
  },
  { additionalProperties: false },
);

export const RepositoryTagsListSchema = Type.Array(
  Type.Object({
    name: Type.String(),
    url: Type.String(),
    tags: Type.Array(Type.String()),
    branches: Type.Array(Type.String()),
    error: Type.Optional(Type.String({ description: 'Why the repository could not be listed' })),
  }),
);

export const RepositoryTagsQuerySchema = Type.Object(
  { series: Type.Optional(Type.String({ description: 'Only the repositories mapped to this series' })) },
  { additionalProperties: false },
);

export type SeriesRepository = Static<typeof SeriesRepositoryListSchema>[number];
export type RepositoryTags = Static<typeof RepositoryTagsListSchema>[number];
