import { type Static, Type } from 'typebox';

/** The builds export takes the admin builds list's filters, and a partner. */
export const BuildExportQuerySchema = Type.Object(
  {
    group_id: Type.Optional(Type.Integer({ minimum: 1 })),
    user_id: Type.Optional(Type.Integer({ minimum: 1 })),
    is_removed: Type.Optional(Type.Boolean({ description: 'Show removed: export removed builds too' })),
  },
  { additionalProperties: false },
);

export type BuildExportQuery = Static<typeof BuildExportQuerySchema>;
