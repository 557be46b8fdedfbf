// The data the security tests walk the API with: every role, a blocked account, and a second partner
// ("victim") owning a set, a build, an SSH key and a logo set, whose ids the other accounts must not reach.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Build } from '../../contract/schemas/build-schemas';
import type { BuildSet } from '../../contract/schemas/set-schemas';
import { accounts, repositories } from '../platform/db/schema';
import { addAgent } from './agent-fixtures';
import { api, type BuildWorld, buildBody, createBuildWorld, createSet, submit } from './build-fixtures';
import { createSignedIn, request } from './helper';
import { multipartBody } from './multipart';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const ED25519 =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGHXMEDJ1qylt4mmeU414RkFm0ZeCKic9uXL9yJBWKxw me@laptop';

export type Caller = 'anonymous' | 'blocked' | 'partner' | 'tester' | 'developer' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'blocked', 'partner', 'tester', 'developer', 'admin'];

export interface SecurityWorld extends BuildWorld {
  developer: { token: string; id: number };
  blocked: { token: string; id: number };
  tokens: Record<Caller, string | undefined>;
  victim: {
    id: number;
    token: string;
    set: BuildSet;
    build: Build;
    sshKeyId: number;
    logoId: number;
    /** Issue 38: an API token of the victim's. */
    apiTokenId: number;
    /** The random id of the logo set's public image URLs. */
    logoPublicId: string;
  };
  agentId: number;
  workerToken: string;
  repositoryId: number;
}

export function logoUpload(token: string | undefined) {
  const { payload, headers } = multipartBody([
    { name: 'image_le', filename: 'le.png', contentType: 'image/png', data: PNG },
    { name: 'image_de', filename: 'de.png', contentType: 'image/png', data: PNG },
  ]);
  return { body: payload, headers, token };
}

export async function createSecurityWorld(): Promise<SecurityWorld> {
  // The world's agent holds a job for a whole file (fuzz-writes runs for minutes on a loaded machine): a lease
  // of an hour, so the lease sweep never requeues it in the middle of a check that nothing changed.
  const w = await createBuildWorld({ queue: { leaseMs: 60 * 60_000 } });
  const { db } = w.t;
  const developer = await createSignedIn(w.t.app, db, { role: 'developer' });
  const blocked = await createSignedIn(w.t.app, db, { role: 'user' });
  await db.update(accounts).set({ is_blocked: true }).where(eq(accounts.id, blocked.account.id));

  const victimToken = w.other.token;
  const set = await createSet(w, victimToken, 'victim set');
  const build = await submit(w, victimToken, buildBody(w, set.id));
  const key = await api(w, 'POST', '/client/firmware/firmware_ssh_key', victimToken, {
    name: 'victim key',
    key: ED25519,
  });
  expect(key.statusCode, key.body).toBe(201);
  const apiToken = await api(w, 'POST', '/client/account/tokens', victimToken, {
    name: 'victim',
    scope: 'build',
  });
  expect(apiToken.statusCode, apiToken.body).toBe(201);
  const logo = await request(w.t.app, {
    method: 'POST',
    url: '/api/client/account/logo',
    ...logoUpload(victimToken),
  });
  expect(logo.statusCode, logo.body).toBeLessThan(300);
  const logos = await api(w, 'GET', '/client/firmware/logo', victimToken);
  const own = logos.json<{ id: number; le: string }[]>().find((entry) => entry.id !== 1);
  expect(own, logos.body).toBeDefined();
  const agent = await addAgent(w, 'security-agent');
  const [repository] = await db.select().from(repositories).where(eq(repositories.name, 'web-ui'));

  return {
    ...w,
    developer: { token: developer.token, id: developer.account.id },
    blocked: { token: blocked.token, id: blocked.account.id },
    tokens: {
      anonymous: undefined,
      blocked: blocked.token,
      partner: w.partner.token,
      tester: w.tester.token,
      developer: developer.token,
      admin: w.admin.token,
    },
    victim: {
      id: w.other.id,
      token: victimToken,
      set,
      build,
      sshKeyId: key.json<{ id: number }>().id,
      logoId: (own as { id: number }).id,
      apiTokenId: apiToken.json<{ id: number }>().id,
      logoPublicId: (own as { le: string }).le.split('/')[3],
    },
    agentId: agent.id,
    workerToken: agent.token,
    repositoryId: repository.id,
  };
}

/** Path parameters: the victim's objects, or the shared ones (releases, agents, repositories). */
export function pathValues(w: SecurityWorld, path: string): Record<string, string | number> {
  const { victim } = w;
  let id: number = victim.build.id;
  if (path.startsWith('/api/admin/releases/')) id = w.releases.x19v2;
  else if (path.startsWith('/api/admin/repositories/')) id = w.repositoryId;
  else if (path.startsWith('/api/admin/workers/')) id = w.agentId;
  else if (path.startsWith('/api/client/firmware/logo/')) id = victim.logoId;
  else if (/\/(account|user)\/tokens\/\{id\}/.test(path)) id = victim.apiTokenId;
  else if (/\/groups\/\{id\}/.test(path)) id = victim.set.id;
  else if (path.startsWith('/api/admin/firmwares/users/')) id = victim.id;
  // The catalogue (issue 17): entries no queued build uses, so that an admin's removal there is served.
  const catalogue = path.startsWith('/api/admin/catalogue/');
  if (path.startsWith('/api/admin/catalogue/licenses/')) id = w.licenseId + 1;
  else if (path.startsWith('/api/admin/catalogue/pool-presets/')) id = 1;
  const name = path.includes('/series/')
    ? 'l7'
    : path.includes('/models/')
      ? 'L7'
      : path.includes('/platforms/')
        ? 'zynq'
        : 'upgrade';
  return {
    id,
    ...(catalogue ? { name, model: 'L7', platform: 'amlogic', install_type: 'sd' } : {}),
    release_id: w.releases.x19v2,
    uuid: victim.build.uuid as string,
    // Issue 37: a file's attestation by its digest (public; none is stored for this one).
    sha256: 'a'.repeat(64),
    public_id: victim.logoPublicId,
    variant: 'le',
    repository: 'web-ui',
    // Issue 38: a webhook's delivery (the caller has no webhook of that id: 404 for all).
    delivery_id: 1,
  };
}

/** Query parameters by name: the victim's objects again, and harmless values for filters. */
export function queryValues(w: SecurityWorld, path: string): Record<string, unknown> {
  const { victim } = w;
  return {
    firmware_id: victim.build.id,
    user_id: victim.id,
    ids: victim.build.id,
    id: victim.sshKeyId,
    uuid: victim.set.link_uuid,
    group_id: victim.set.id,
    series: path.includes('/user/fee') ? 'x21' : 'x19',
    page: 0,
    full_clean: false,
    include_deleted: false,
    tag: 'v1.0.0',
  };
}
