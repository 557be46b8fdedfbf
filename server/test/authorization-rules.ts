// Spec §6 as data: who may call each route of the API (server/security/authorization-matrix.test.ts checks it).
import { CALLERS, type Caller } from './security-world';

/**
 * Who may use a route:
 * - public: anyone, no token needed (the answer is never 401 for lack of one);
 * - agent: build agents with a worker token; an account's token is refused with 401;
 * - user: every signed-in account; admin-or-developer (staff); admin.
 * `foreign`: the route acts on the caller's own objects; with another partner's ids the answer is 404 for
 * every role allowed (never 200, never 403, which would tell the object exists).
 * `expect`: an exact status (or 'served') for one caller where §6 says more than the access level.
 */
export type Access = 'public' | 'agent' | 'user' | 'staff' | 'admin';
export interface Rule {
  access: Access;
  foreign?: boolean;
  expect?: Partial<Record<Caller, number | 'served'>>;
}

export const RULES: Record<string, Rule> = {
  'GET /api/health/live': { access: 'public' },
  'GET /api/health/ready': { access: 'public' },
  'GET /api/auth/xsrf': { access: 'public' },
  // The matrix signs in with an unknown e-mail: refused alike for everyone, token or not.
  'POST /api/auth/sign-in': { access: 'public', expect: Object.fromEntries(CALLERS.map((c) => [c, 401])) },
  'POST /api/auth/forgot-password': { access: 'public' },
  'POST /api/auth/reset-password': { access: 'public' },
  'POST /api/client/account/confirm-change-email': { access: 'public' },
  // Release e-mails (issue 15): the signed link is the credential; a made-up token is refused alike.
  'POST /api/mail/unsubscribe': { access: 'public' },
  'GET /api/mail/unsubscribe': { access: 'public' },
  'GET /api/logos/{public_id}/{variant}': { access: 'public' },
  'GET /api/client/firmware/firmwares/links': { access: 'public' },
  'GET /api/files/firmwares/{uuid}': { access: 'public' },
  'GET /api/files/firmwares/{uuid}/attestation': { access: 'public' },
  'GET /api/files/attestations/{sha256}': { access: 'public' },
  'GET /api/signing-key': { access: 'public' },

  'GET /api/client/account/info': { access: 'user' },
  'PATCH /api/client/account/info': { access: 'user' },
  'POST /api/client/account/change-email': { access: 'user' },
  'POST /api/client/account/change-password': { access: 'user' },
  'POST /api/client/account/logo': { access: 'user' },
  'GET /api/client/firmware/series': { access: 'user' },
  'GET /api/client/firmware/models': { access: 'user' },
  'GET /api/client/firmware/platform': { access: 'user' },
  'GET /api/client/firmware/install_type': { access: 'user' },
  'GET /api/client/firmware/model-platform-install_type': { access: 'user' },
  'GET /api/client/languages': { access: 'user' },
  'GET /api/client/releases': { access: 'user' },
  'GET /api/client/firmware/logo': { access: 'user' },
  'DELETE /api/client/firmware/logo/{id}': { access: 'user', foreign: true },
  'POST /api/client/firmware/logo/{id}/default': { access: 'user', foreign: true },
  'GET /api/client/firmware/firmware_ssh_key': { access: 'user' },
  'POST /api/client/firmware/firmware_ssh_key': { access: 'user' },
  'PUT /api/client/firmware/firmware_ssh_key': { access: 'user', foreign: true },
  'DELETE /api/client/firmware/firmware_ssh_key': { access: 'user', foreign: true },
  // Issue 38: API tokens, an account's own; admins list and revoke anyone's.
  'GET /api/client/account/tokens': { access: 'user' },
  'POST /api/client/account/tokens': { access: 'user' },
  'DELETE /api/client/account/tokens/{id}': { access: 'user', foreign: true },
  'GET /api/admin/user/tokens': { access: 'admin' },
  'DELETE /api/admin/user/tokens/{id}': { access: 'admin' },
  // Issue 38: webhooks, an account's own.
  'GET /api/client/account/webhooks': { access: 'user' },
  'POST /api/client/account/webhooks': { access: 'user' },
  'PATCH /api/client/account/webhooks/{id}': { access: 'user', foreign: true },
  'DELETE /api/client/account/webhooks/{id}': { access: 'user', foreign: true },
  'GET /api/client/account/webhooks/{id}/deliveries': { access: 'user', foreign: true },
  'POST /api/client/account/webhooks/{id}/deliveries/{delivery_id}/redeliver': {
    access: 'user',
    foreign: true,
  },
  'GET /api/client/firmware/license': { access: 'user' },
  'GET /api/client/pool-url': { access: 'user' },
  'GET /api/client/firmware/build-options/defaults': { access: 'user' },
  'GET /api/client/dashboard/builds': { access: 'user' },
  'GET /api/client/dashboard/timings': { access: 'user' },
  'GET /api/client/dashboard/licenses': { access: 'user' },
  'GET /api/client/dashboard/failed-builds': { access: 'user' },
  'GET /api/admin/dashboard/builds': { access: 'staff' },
  'GET /api/admin/dashboard/timings': { access: 'staff' },
  'GET /api/admin/dashboard/failures': { access: 'staff' },
  'GET /api/admin/dashboard/agents': { access: 'staff' },
  'GET /api/admin/dashboard/licenses': { access: 'admin' },
  'GET /api/admin/dashboard/partners': { access: 'admin' },
  'GET /api/client/firmware/groups': { access: 'user' },
  'POST /api/client/firmware/groups': { access: 'user' },
  'PATCH /api/client/firmware/groups/{id}': { access: 'user', foreign: true },
  'DELETE /api/client/firmware/groups/{id}': { access: 'user', foreign: true },
  'POST /api/client/firmware/groups/{id}/rebuild': { access: 'user', foreign: true },
  'POST /api/client/firmware/groups/{id}/upgrade': { access: 'user', foreign: true },
  'GET /api/client/firmware/groups/{id}/upgrade': { access: 'user', foreign: true },
  'PATCH /api/client/firmware/groups/{id}/link': { access: 'user', foreign: true },
  // Listing builds filtered by another partner's set is refused like the set itself.
  'GET /api/client/firmware/firmwares': { access: 'user', foreign: true },
  'POST /api/client/firmware/firmwares': { access: 'user', foreign: true },
  'PATCH /api/client/firmware/firmwares/{id}': { access: 'user', foreign: true },
  'DELETE /api/client/firmware/firmwares/{id}': { access: 'user', foreign: true },
  'PATCH /api/client/firmware/firmwares/{id}/pool': { access: 'user', foreign: true },
  'POST /api/client/firmware/firmwares/rebuild': { access: 'user', foreign: true },
  'POST /api/client/firmware/firmwares/{id}/upgrade': { access: 'user', foreign: true },
  'GET /api/client/firmware/firmwares/{id}/log': {
    access: 'user',
    foreign: true,
    expect: { admin: 'served' },
  },
  'GET /api/client/firmware/firmwares/{id}/log.txt': {
    access: 'user',
    foreign: true,
    expect: { admin: 'served' },
  },
  // Issue 17: a build's history, as its log.
  'GET /api/client/firmware/firmwares/{id}/runs': {
    access: 'user',
    foreign: true,
    expect: { admin: 'served' },
  },
  'GET /api/client/firmware/tasks': { access: 'user' },
  // Spec §6: tasks of every partner are the admin's (the all-tasks tab), through the same task routes.
  'DELETE /api/client/firmware/tasks': { access: 'user', foreign: true, expect: { admin: 'served' } },
  'GET /api/client/firmware/tasks/status': { access: 'user' },
  'POST /api/client/firmware/tasks/{id}/cancel': {
    access: 'user',
    foreign: true,
    expect: { admin: 'served' },
  },

  // Admin or developer: partners list, agents, components, releases (a developer changes only their own).
  'POST /api/admin/releases': { access: 'staff' },
  'PATCH /api/admin/releases/{id}': { access: 'staff', expect: { developer: 403 } },
  'DELETE /api/admin/releases/{id}': { access: 'staff', expect: { developer: 403 } },
  'PATCH /api/admin/releases/{release_id}/descriptions': { access: 'staff', expect: { developer: 403 } },
  'GET /api/admin/repositories': { access: 'staff' },
  'GET /api/admin/series-repository': { access: 'staff' },
  'GET /api/admin/repositories-tags': { access: 'staff' },
  'GET /api/admin/users': { access: 'staff' },
  'GET /api/admin/workers': { access: 'staff' },

  'POST /api/admin/repositories': { access: 'admin' },
  'POST /api/admin/signing-key/rotate': { access: 'admin' },
  'GET /api/admin/settings/run-retention': { access: 'admin' },
  'PUT /api/admin/settings/run-retention': { access: 'admin' },
  'DELETE /api/admin/repositories/{id}': { access: 'admin' },
  'PUT /api/admin/series-repository': { access: 'admin' },
  'POST /api/admin/users': { access: 'admin' },
  'GET /api/admin/user': { access: 'admin' },
  'PATCH /api/admin/user': { access: 'admin' },
  'DELETE /api/admin/user': { access: 'admin' },
  'POST /api/admin/user/restore': { access: 'admin' },
  'POST /api/admin/releases/{id}/restore': { access: 'admin' },
  'POST /api/admin/user/fee': { access: 'admin' },
  'PATCH /api/admin/user/fee': { access: 'admin' },
  'DELETE /api/admin/user/fee': { access: 'admin' },
  'GET /api/admin/license': { access: 'admin' },
  'GET /api/admin/analytics': { access: 'admin' },
  'GET /api/admin/groups/build-options': { access: 'admin' },
  'PATCH /api/admin/groups/{id}': { access: 'admin' },
  'DELETE /api/admin/groups/{id}': { access: 'admin' },
  'POST /api/admin/groups/{id}/rebuild': { access: 'admin' },
  'POST /api/admin/groups/{id}/upgrade': { access: 'admin' },
  'GET /api/admin/groups/{id}/upgrade': { access: 'admin' },
  'POST /api/admin/groups/{id}/restore': { access: 'admin' },
  'GET /api/admin/firmwares': { access: 'admin' },
  'PATCH /api/admin/firmwares': { access: 'admin' },
  'GET /api/admin/firmwares/uuid/{uuid}': { access: 'admin' },
  'GET /api/admin/firmwares/users/{id}/groups': { access: 'admin' },
  'GET /api/admin/firmwares/active': { access: 'admin' },
  'PATCH /api/admin/firmwares/pool': { access: 'admin' },
  'POST /api/admin/firmwares/rebuild': { access: 'admin' },
  'DELETE /api/admin/firmwares/{id}': { access: 'admin' },
  'GET /api/admin/firmwares/{id}/log': { access: 'admin' },
  'GET /api/admin/firmwares/{id}/log.txt': { access: 'admin' },
  'GET /api/admin/firmwares/{id}/runs': { access: 'admin' },
  'POST /api/admin/workers': { access: 'admin' },
  'PUT /api/admin/workers/{id}': { access: 'admin' },
  'DELETE /api/admin/workers/{id}': { access: 'admin' },
  'GET /api/admin/firmwares/tasks': { access: 'admin' },
  'GET /api/admin/firmwares/tasks/status': { access: 'admin' },
  'GET /api/admin/firmwares/users/{id}/tasks': { access: 'admin' },
  // Running the service (issue 17)
  'GET /api/admin/audit': { access: 'admin' },
  'GET /api/admin/impact': { access: 'staff' },
  'GET /api/admin/exports/partners.csv': { access: 'admin' },
  'GET /api/admin/exports/licenses.csv': { access: 'admin' },
  'GET /api/admin/exports/builds.csv': { access: 'admin' },

  // The catalogue from the console (issue 17).
  'GET /api/admin/catalogue/series': { access: 'admin' },
  'POST /api/admin/catalogue/series': { access: 'admin' },
  'PATCH /api/admin/catalogue/series/{name}': { access: 'admin' },
  'DELETE /api/admin/catalogue/series/{name}': { access: 'admin' },
  'GET /api/admin/catalogue/models': { access: 'admin' },
  'POST /api/admin/catalogue/models': { access: 'admin' },
  'PATCH /api/admin/catalogue/models/{name}': { access: 'admin' },
  'DELETE /api/admin/catalogue/models/{name}': { access: 'admin' },
  'GET /api/admin/catalogue/platforms': { access: 'admin' },
  'POST /api/admin/catalogue/platforms': { access: 'admin' },
  'PATCH /api/admin/catalogue/platforms/{name}': { access: 'admin' },
  'DELETE /api/admin/catalogue/platforms/{name}': { access: 'admin' },
  'GET /api/admin/catalogue/install-types': { access: 'admin' },
  'POST /api/admin/catalogue/install-types': { access: 'admin' },
  'DELETE /api/admin/catalogue/install-types/{name}': { access: 'admin' },
  'GET /api/admin/catalogue/combinations': { access: 'admin' },
  'POST /api/admin/catalogue/combinations': { access: 'admin' },
  'DELETE /api/admin/catalogue/combinations/{model}/{platform}/{install_type}': { access: 'admin' },
  'GET /api/admin/catalogue/licenses': { access: 'admin' },
  'POST /api/admin/catalogue/licenses': { access: 'admin' },
  'PATCH /api/admin/catalogue/licenses/{id}': { access: 'admin' },
  'DELETE /api/admin/catalogue/licenses/{id}': { access: 'admin' },
  'GET /api/admin/catalogue/pool-presets': { access: 'admin' },
  'POST /api/admin/catalogue/pool-presets': { access: 'admin' },
  'PATCH /api/admin/catalogue/pool-presets/{id}': { access: 'admin' },
  'DELETE /api/admin/catalogue/pool-presets/{id}': { access: 'admin' },

  'POST /api/agent/heartbeat': { access: 'agent' },
  'POST /api/agent/jobs/claim': { access: 'agent' },
  'POST /api/agent/jobs/{id}/events': { access: 'agent' },
  'POST /api/agent/jobs/{id}/finish': { access: 'agent' },
  'PUT /api/agent/jobs/{id}/artifact': { access: 'agent' },
  'GET /api/agent/jobs/{id}/sources/{repository}': { access: 'agent' },
  'GET /api/agent/sources/{repository}': { access: 'agent' },
  'GET /api/agent/jobs/{id}/logo/{variant}': { access: 'agent' },
};

/** Routes hidden from the document, with who may use them; each has its own tests. */
export const UNDOCUMENTED: Record<string, string> = {
  'GET /api/docs': 'public: the OpenAPI document itself (routes/docs/openapi.test.ts)',
  'GET /api/client/ws':
    'every signed-in account (admins and developers every build, others their own), token in the first message, never the url (tasks/live-socket-routes.test.ts)',
  'GET /api/metrics': 'Prometheus scrape: public unless METRICS_TOKEN is set (plugins/metrics-plugin.ts)',
};
