import { type Static, Type } from 'typebox';
import { closedObject } from './common-schemas';

export const RepositorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String({
    description: 'Its user part (a token or a password) is masked: https://***@host/r.git',
  }),
});

export const RepositoryListSchema = Type.Array(RepositorySchema);

export const RepositoryCreateSchema = closedObject({
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
});

export const RepositoryIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const SeriesRepositoryListSchema = Type.Array(
  Type.Object({ series: Type.String(), repository: Type.String() }),
);

export const SeriesRepositoryReplaceSchema = closedObject({
  series: Type.String({ examples: ['x19'] }),
  repositories: Type.Array(Type.String(), { description: 'Names of registered repositories' }),
});

export const RepositoryTagsListSchema = Type.Array(
  Type.Object({
    name: Type.String(),
    url: Type.String(),
    tags: Type.Array(Type.String()),
    branches: Type.Array(Type.String()),
    error: Type.Optional(Type.String({ description: 'Why the repository could not be listed' })),
  }),
);

export const RepositoryTagsQuerySchema = closedObject({
  series: Type.Optional(Type.String({ description: 'Only the repositories mapped to this series' })),
});

export type SeriesRepository = Static<typeof SeriesRepositoryListSchema>[number];
export type RepositoryTags = Static<typeof RepositoryTagsListSchema>[number];
