import { type Static, Type } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '../audit';
import { closedObject } from './common-schemas';

/** A changed object's fields, as they were or as they are (null when created or deleted). */
const ChangeSideSchema = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  actor_email: Type.String({ description: "The actor's e-mail when the change was made; '' for the shell" }),
  action: Type.String({ examples: ['partner.fees'] }),
  object_type: Type.String({ examples: ['partner'] }),
  object_id: Type.String(),
  before: ChangeSideSchema,
  after: ChangeSideSchema,
});

export const AuditQuerySchema = closedObject({
  actor: Type.Optional(
    Type.String({ maxLength: 254, description: "The actor's account id, or (part of) its e-mail" }),
  ),
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  object_type: Type.Optional(Type.Enum([...AUDIT_OBJECT_TYPES])),
  object_id: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Integer({ minimum: 0, default: 0 }),
});

export type AuditEntryView = Static<typeof AuditEntrySchema>;
export type AuditQuery = Static<typeof AuditQuerySchema>;
