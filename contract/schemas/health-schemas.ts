import { Type } from 'typebox';

export const HealthSchema = Type.Object({ status: Type.Literal('ok') });
