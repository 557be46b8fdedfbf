/** GET /admin/audit: one recorded change (contract/schemas/audit-schemas.ts). */
export interface AuditEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_email: string;
  action: string;
  object_type: string;
  object_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
