import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addAgent, agentCall, claim, createAgentWorld, queueBuild } from '../test/agent-fixtures';
import { api, createSet } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createAgentWorld);

let agent: { id: number; token: string };

beforeAll(async () => {
  agent = await addAgent(w, 'licenses-agent');
});

const issued = async () =>
  (await api(w, 'GET', '/admin/analytics', w.admin.token)).json<{ licensesIssued: number }>().licensesIssued;

const bytes = Buffer.from('a licensed artifact');
const sha = createHash('sha256').update(bytes).digest('hex');

describe('licenses issued (issue 17)', () => {
  it('counts a license when its build completes, not a pending or cancelled one, and keeps it', async () => {
    expect(await issued()).toBe(0);
    const set = await createSet(w, w.partner.token, 'licensed');
    const cancelled = await queueBuild(w, w.partner.token, set.id as number);
    expect(await issued()).toBe(0);
    const job = await claim(w, agent.token);
    expect(job?.id).toBe(cancelled.id);
    await api(w, 'POST', `/client/firmware/tasks/${cancelled.id}/cancel`, w.partner.token);
    await agentCall(w, agent.token, 'POST', `/jobs/${cancelled.id}/finish`, {
      status: 'failed',
      reason: 'stop',
    });
    expect(await issued()).toBe(0);

    const done = await queueBuild(w, w.partner.token, set.id as number);
    expect((await claim(w, agent.token))?.id).toBe(done.id);
    const upload = await agentCall(w, agent.token, 'PUT', `/jobs/${done.id}/artifact`, bytes, {
      'content-type': 'application/octet-stream',
      'x-sha256': sha,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const finish = await agentCall(w, agent.token, 'POST', `/jobs/${done.id}/finish`, {
      status: 'done',
      sha256: sha,
      size: bytes.length,
    });
    expect(finish.json()).toEqual({ status: 'done' });
    expect(await issued()).toBe(1);

    // Removing the set (even with its files) takes nothing back.
    const removed = await api(
      w,
      'DELETE',
      `/client/firmware/groups/${set.id}?full_clean=true`,
      w.partner.token,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await issued()).toBe(1);
    const licenses = await api(w, 'GET', '/admin/license', w.admin.token);
    const all = licenses.json<{ licenses: { id: number; issued: number }[] }[]>().flatMap((r) => r.licenses);
    expect(all.find((license) => license.id === w.licenseId)?.issued).toBe(1);
  });
});
