// Issue 12, finding 8: logo images were public by a sequential id (anyone could walk every partner's logos)
// and were still served after their set was removed. Now: public only by a random id, 404 once removed, and
// the builds made with a removed set still get its images through their job.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UUID_PATTERN } from '../../contract/rules/text';
import { addAgent, agentCall, claim, createAgentWorld, emptyQueue } from '../test/agent-fixtures';
import { api, buildBody, submit } from '../test/build-fixtures';
import { request } from '../test/helper';
import { logoUpload, PNG } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

interface LogoSet {
  id: number;
  le: string;
  de: string;
  is_default: boolean;
}

const w = sharedWorld(createAgentWorld);

async function uploadLogo(token: string): Promise<LogoSet> {
  const res = await request(w.t.app, {
    method: 'POST',
    url: '/api/client/account/logo',
    ...logoUpload(token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<LogoSet>();
}

async function listed(token: string): Promise<LogoSet[]> {
  const res = await api(w, 'GET', '/client/firmware/logo', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LogoSet[]>();
}

const fetchImage = (url: string, token?: string) => request(w.t.app, { url, token });

const publicIdOf = (url: string) => /^\/api\/logos\/([^/]+)\/(le|de)$/.exec(url)?.[1] ?? '';

describe('logo image URLs', () => {
  it('name a set by a random public id, not by its sequential id, and serve it to anyone', async () => {
    const first = await uploadLogo(w.partner.token);
    const second = await uploadLogo(w.partner.token);
    for (const set of [first, second]) {
      for (const url of [set.le, set.de]) {
        expect(publicIdOf(url), url).toMatch(UUID_PATTERN);
        expect(url).not.toContain(`/${set.id}/`);
        const image = await fetchImage(url);
        expect(image.statusCode, url).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        expect(image.rawPayload.equals(PNG)).toBe(true);
      }
    }
    expect(publicIdOf(first.le)).not.toBe(publicIdOf(second.le));
    expect(await listed(w.partner.token)).toEqual(expect.arrayContaining([first, second]));
  });

  it('no longer serve any logo by its sequential id, to strangers or to the owner', async () => {
    const own = await uploadLogo(w.other.token);
    for (const id of [1, own.id, own.id - 1, own.id + 1]) {
      for (const token of [undefined, w.other.token, w.admin.token]) {
        const res = await fetchImage(`/api/logos/${id}/le`, token);
        expect(res.statusCode, `logo ${id}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Logo not found' });
      }
    }
  });

  it('answer an unknown or malformed public id with the same 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1%20or%201=1']) {
      const res = await fetchImage(`/api/logos/${id}/le`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Logo not found' });
    }
  });

  it('serve the general logo to everyone by the URL the list gives', async () => {
    const [general] = (await listed(w.tester.token)).filter((set) => set.id === 1);
    expect(publicIdOf(general.le)).toMatch(UUID_PATTERN);
    const res = await fetchImage(general.de);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  it('send images with a sandbox policy, nosniff, and no caching by shared caches', async () => {
    const set = await uploadLogo(w.partner.token);
    const res = await fetchImage(set.le);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none';sandbox",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });
});

describe('a removed logo set', () => {
  it('answers 404 at the URLs it had, for everyone, once DELETE answered 204', async () => {
    const set = await uploadLogo(w.partner.token);
    expect((await fetchImage(set.le)).statusCode).toBe(200);
    const removed = await api(w, 'DELETE', `/client/firmware/logo/${set.id}`, w.partner.token);
    expect(removed.statusCode, removed.body).toBe(204);
    for (const url of [set.le, set.de]) {
      for (const token of [undefined, w.partner.token, w.admin.token]) {
        const res = await fetchImage(url, token);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: 'Logo not found' });
      }
    }
    expect((await listed(w.partner.token)).map((entry) => entry.id)).not.toContain(set.id);
  });

  it('is still built into the builds made with it: the agent holding the job gets the images', async () => {
    // The build is the queue's only one: the agent claims it, whatever builds the file's other tests left.
    await emptyQueue(w);
    const set = await uploadLogo(w.partner.token);
    const build = await submit(w, w.partner.token, buildBody(w, w.set.id, { logo_id: set.id }));
    expect(build.logo_id).toBe(set.id);
    const removed = await api(w, 'DELETE', `/client/firmware/logo/${set.id}`, w.partner.token);
    expect(removed.statusCode, removed.body).toBe(204);

    const agent = await addAgent(w, 'logo-agent');
    const job = await claim(w, agent.token);
    expect(job?.id).toBe(build.id);
    for (const variant of ['le', 'de']) {
      const res = await agentCall(w, agent.token, 'GET', `/jobs/${build.id}/logo/${variant}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    // Only the agent holding the job, and only with a worker token.
    const other = await addAgent(w, 'other-agent');
    expect((await agentCall(w, other.token, 'GET', `/jobs/${build.id}/logo/le`)).statusCode).toBe(409);
    expect((await fetchImage(`/api/agent/jobs/${build.id}/logo/le`, w.partner.token)).statusCode).toBe(401);
    expect((await fetchImage(set.le)).statusCode).toBe(404);
  });
});

describe('an image URL from before random ids (issue 43)', () => {
  it('moves for good to the set’s current URL while a build of that time names it, else 404', async () => {
    const set = await uploadLogo(w.partner.token);
    const build = await submit(w, w.partner.token, buildBody(w, w.set.id, { logo_id: set.id }));
    const old = (variant: string) => `/api/logos/${set.id}/${variant}`;
    // Not published by its number: 404, as for any set made since.
    expect((await fetchImage(old('le'))).statusCode).toBe(404);

    // The build's job as a console before issue 12's finding 8 wrote it.
    await w.t.db.execute(sql`update builds set job_spec = jsonb_set(jsonb_set(job_spec,
      '{logo,le,url}', to_jsonb(${old('le')}::text)), '{logo,de,url}', to_jsonb(${old('de')}::text))
      where id = ${build.id}`);
    for (const [variant, url] of [
      ['le', set.le],
      ['de', set.de],
    ]) {
      const res = await fetchImage(old(variant));
      expect(res.statusCode, variant).toBe(301);
      expect(res.headers.location).toBe(url);
      expect((await fetchImage(url)).statusCode).toBe(200);
    }
    // Its neighbours' numbers, never published, stay unknown.
    expect((await fetchImage(`/api/logos/${set.id + 1}/le`)).statusCode).toBe(404);
    expect((await fetchImage('/api/logos/99999999999/le')).statusCode).toBe(404);

    const removed = await api(w, 'DELETE', `/client/firmware/logo/${set.id}`, w.partner.token);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await fetchImage(old('le'))).statusCode).toBe(404);
  });
});
