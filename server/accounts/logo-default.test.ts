// Issue 37, item 2.4: any saved logo set can be made the default, and a set the build form uploaded for one
// build says so.
import { describe, expect, it } from 'vitest';
import { api, createBuildWorld } from '../test/build-fixtures';
import { expectError, request } from '../test/helper';
import { multipartBody } from '../test/multipart';
import { PNG } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);
type Logo = { id: number; is_default: boolean; for_build: boolean };

async function upload(forBuild: boolean): Promise<Logo> {
  const { payload, headers } = multipartBody([
    { name: 'image_le', filename: 'le.png', contentType: 'image/png', data: PNG },
    { name: 'image_de', filename: 'de.png', contentType: 'image/png', data: PNG },
    { name: 'for_build', data: String(forBuild) },
  ]);
  const res = await request(w.t.app, {
    method: 'POST',
    url: '/api/client/account/logo',
    body: payload,
    headers,
    token: w.partner.token,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const list = async () => (await api(w, 'GET', '/client/firmware/logo', w.partner.token)).json<Logo[]>();

describe('saved logo sets', () => {
  it('labels per-build uploads, and makes any own set the default', async () => {
    const saved = await upload(false);
    const forBuild = await upload(true);
    expect(saved).toMatchObject({ for_build: false, is_default: false });
    expect(forBuild).toMatchObject({ for_build: true, is_default: false });
    expect((await list()).find((l) => l.id === forBuild.id)).toMatchObject({ for_build: true });

    expectError(await api(w, 'POST', `/client/firmware/logo/${saved.id}/default`, w.other.token), 404);
    const made = await api(w, 'POST', `/client/firmware/logo/${saved.id}/default`, w.partner.token);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ id: saved.id, is_default: true });
    expect((await list()).filter((l) => l.is_default).map((l) => l.id)).toEqual([saved.id]);

    // A per-build upload made the default becomes a saved set.
    await api(w, 'POST', `/client/firmware/logo/${forBuild.id}/default`, w.partner.token);
    expect((await list()).find((l) => l.id === forBuild.id)).toMatchObject({
      is_default: true,
      for_build: false,
    });
    expect((await list()).find((l) => l.id === saved.id)).toMatchObject({ is_default: false });
  });
});
