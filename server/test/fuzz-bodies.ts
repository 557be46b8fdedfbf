// The fuzzer's starting points (server/security/fuzz-writes.test.ts): a valid body for each write route.
import { buildBody, pools } from './build-fixtures';
import { TEST_PASSWORD } from './helper';
import { minimalValue, type Operation } from './openapi-routes';
import { ED25519, type SecurityWorld } from './security-world';

/**
 * A valid body of a write route for the fuzzer to mutate: the partner's own set (`ownSetId`) on client routes,
 * the victim's objects on admin routes, the job the agent holds (`heldAttempt`) on agent routes.
 */
export function validBody(
  op: Operation,
  w: SecurityWorld,
  ownSetId: number,
  heldAttempt: number,
): Record<string, unknown> {
  switch (op.key) {
    case 'POST /api/client/firmware/firmwares':
      return buildBody(w, ownSetId);
    case 'PATCH /api/client/firmware/firmwares/{id}':
    case 'PATCH /api/admin/firmwares':
      return { model: 'S19j Pro', fee_pools_configs: pools() };
    case 'PATCH /api/client/firmware/firmwares/{id}/pool':
    case 'PATCH /api/admin/firmwares/pool':
      return { fee_pools_configs: pools() };
    case 'POST /api/admin/releases':
      return {
        series: 'x19',
        version: '7.7.7-beta.1',
        stage: 'beta',
        tags: [{ repository_name: 'firmware-x19', tag_name: 'v1.0.0' }],
        descriptions: [{ language: 'en', description: 'notes' }],
      };
    case 'POST /api/admin/users':
      return {
        email: 'fuzz-partner@example.test',
        password: 'password123',
        worker: 'fuzzworker',
        custom_dev_fee: { x19: { min_dev_fee: 2, min_total_fee: 3 } },
      };
    case 'PATCH /api/admin/user':
      return { worker: 'renamedworker', custom_dev_fee: { x21: { min_dev_fee: 2, min_total_fee: 3 } } };
    case 'POST /api/admin/user/fee':
      return { user_id: w.victim.id, series: 'l9', min_dev_fee: 2, min_total_fee: 3 };
    case 'PATCH /api/admin/user/fee':
      return { min_dev_fee: 2, min_total_fee: 3 };
    case 'POST /api/client/account/change-password':
      // A wrong current password: no case may end the partner's session.
      return { old_password: 'not the password', new_password: 'new password 1' };
    case 'POST /api/auth/sign-in':
      return { email: 'nobody@example.test', password: TEST_PASSWORD };
    case 'POST /api/client/firmware/groups':
    case 'PATCH /api/client/firmware/groups/{id}':
    case 'PATCH /api/admin/groups/{id}':
      return { name: 'fuzzed set', description: 'd', ssh_keys: [], is_favorite: true };
    case 'POST /api/client/firmware/firmware_ssh_key':
      return { name: 'another key', key: ED25519.replace('me@laptop', 'x') };
    case 'PUT /api/admin/series-repository':
      return { series: 'x19', repositories: ['web-ui'] };
    case 'POST /api/agent/jobs/{id}/events':
      return {
        attempt: heldAttempt,
        events: [
          { seq: 1, type: 'log', data: 'line' },
          { seq: 2, type: 'progress', data: 10 },
        ],
      };
    case 'POST /api/agent/heartbeat':
      return { releases: [1], sources: [{ repository: 'web-ui', tags: ['v1'] }], jobs: [] };
    default:
      return (op.body ? minimalValue(op.body) : {}) as Record<string, unknown>;
  }
}
