/**
 * The audit log's vocabulary (issue 17): every action an admin's change is recorded under, and the kinds of
 * object it names. The server writes only these; the Audit page translates each as `audit.action.<name>`
 * and `audit.object.<type>`.
 */
export const AUDIT_OBJECT_TYPES = [
  'release',
  'partner',
  'account',
  'set',
  'agent',
  'series',
  'model',
  'platform',
  'install_type',
  'model_platform',
  'license',
  'pool_preset',
  'repository',
  'series_repository',
  'signing_key',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AUDIT_ACTIONS = [
  'release.create',
  'release.update',
  'release.publish',
  'release.unpublish',
  'release.remove',
  'release.restore',
  'partner.create',
  'partner.update',
  'partner.fees',
  'partner.pools',
  'partner.role',
  'partner.block',
  'partner.unblock',
  'partner.remove',
  'partner.restore',
  'set.remove',
  'set.restore',
  'agent.create',
  'agent.update',
  'agent.block',
  'agent.unblock',
  'agent.delete',
  'catalogue.create',
  'catalogue.update',
  'catalogue.block',
  'catalogue.unblock',
  'catalogue.remove',
  'signing_key.rotate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
