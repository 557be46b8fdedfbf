import { type Static, Type } from 'typebox';
import { closedObject } from './common-schemas';

/** The builds export takes the admin builds list's filters, and a partner. */
export const BuildExportQuerySchema = closedObject({
  group_id: Type.Optional(Type.Integer({ minimum: 1 })),
  user_id: Type.Optional(Type.Integer({ minimum: 1 })),
  is_removed: Type.Optional(Type.Boolean({ description: 'Show removed: export removed builds too' })),
});

export type BuildExportQuery = Static<typeof BuildExportQuerySchema>;
