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
  // Issue 43: the secret that signs access tokens, named by its fingerprint.
  'jwt_secret',
  // Issue 37: a console-wide setting (the runs' retention).
  'setting',
  // Issue 36: every write of an admin or a developer, their own builds, keys and logos too.
  'build',
  'ssh_key',
  'logo',
  // Issue 38: an account's API tokens, named by id (never the token: only its owner ever saw it).
  'api_token',
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
  // Issue 43: `npm run admin -- --email E` made E an admin with a new password, from the shell.
  'partner.recover',
  'set.create',
  'set.update',
  'set.rebuild',
  'set.upgrade',
  'set.link',
  'set.remove',
  'set.restore',
  'build.create',
  'build.update',
  'build.rebuild',
  'build.upgrade',
  'build.remove',
  // Issue 43: an artifact from before attestations, attested by `npm run admin -- --attest-existing`.
  'build.attest',
  'task.cancel',
  'task.hide',
  'ssh_key.create',
  'ssh_key.update',
  'ssh_key.remove',
  'logo.remove',
  'logo.default',
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
  'jwt_secret.rotate',
  'setting.update',
  // Issue 38: made, first used and revoked, whoever's they are (a partner's too).
  'api_token.create',
  'api_token.use',
  'api_token.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
