// Issue 36, finding 6.2: logo storage is bounded per account, and a removed logo set's files go once no
// build may be built with them again (they stay while one may).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOGO_SETS_MAX } from '../../contract/constants';
import { logos } from '../platform/db/schema';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { stageBuild } from '../test/build-states';
import { createSignedIn, request } from '../test/helper';
import { logoUpload } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

const upload = (token: string) =>
  request(w.t.app, { method: 'POST', url: '/api/client/account/logo', ...logoUpload(token) });

async function uploadLogo(token: string): Promise<number> {
  const res = await upload(token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** The logo set's two files in DATA_DIR/logos, as the store keeps them. */
async function filesOf(id: number): Promise<string[]> {
  const [row] = await w.t.db.select().from(logos).where(eq(logos.id, id));
  return [row.le_file, row.de_file].map((name) => path.join(w.dataDir, 'logos', name));
}

const stored = (files: string[]) => files.map((file) => existsSync(file));

describe('logo storage', () => {
  it(`keeps at most ${LOGO_SETS_MAX} logo sets per account, removed ones still used counting`, async () => {
    const { token } = await createSignedIn(w.t.app, w.t.db);
    const ids: number[] = [];
    for (let i = 0; i < LOGO_SETS_MAX; i += 1) ids.push(await uploadLogo(token));
    const refused = await upload(token);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().detail).toEqual([
      {
        loc: ['body', 'logo'],
        msg: `At most ${LOGO_SETS_MAX} logo sets per account: remove one you no longer use first`,
        type: 'value_error',
      },
    ]);
    // Another account has its own allowance; removing one (used by nothing) makes room again.
    await uploadLogo(w.other.token);
    expect((await api(w, 'DELETE', `/client/firmware/logo/${ids[0]}`, token)).statusCode).toBe(204);
    await uploadLogo(token);
    // A removed set a build still needs keeps its place.
    const set = await createSet(w, token, 'logo-allowance', { logo_id: ids[1] });
    await submit(w, token, buildBody(w, set.id));
    expect((await api(w, 'DELETE', `/client/firmware/logo/${ids[1]}`, token)).statusCode).toBe(204);
    expect((await upload(token)).statusCode).toBe(422);
  });

  it('deletes the files of a removed logo set that nothing uses', async () => {
    const id = await uploadLogo(w.partner.token);
    const files = await filesOf(id);
    expect(stored(files)).toEqual([true, true]);
    expect((await api(w, 'DELETE', `/client/firmware/logo/${id}`, w.partner.token)).statusCode).toBe(204);
    expect(stored(files)).toEqual([false, false]);
  });

  it('keeps them while a build may be built with them, and deletes them with its last such build', async () => {
    const id = await uploadLogo(w.partner.token);
    const files = await filesOf(id);
    const set = await createSet(w, w.partner.token, 'logo-kept-by-builds', { logo_id: id });
    const first = await submit(w, w.partner.token, buildBody(w, set.id));
    const second = await submit(w, w.partner.token, buildBody(w, set.id, { model: 'S19j Pro' }));
    expect((await api(w, 'DELETE', `/client/firmware/logo/${id}`, w.partner.token)).statusCode).toBe(204);
    expect(stored(files)).toEqual([true, true]);

    const FW = '/client/firmware/firmwares';
    const removed = await api(w, 'DELETE', `${FW}/${first.id}?full_clean=true`, w.partner.token);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(stored(files)).toEqual([true, true]);
    // The set's removal takes its last build; once done, full_clean leaves nothing for a restore to bring back.
    await stageBuild(w.t.db, second.id, {
      status: 'done',
      progress: 100,
      file_size: 8,
      sha256: 'ab'.repeat(32),
    });
    const gone = await api(w, 'DELETE', `/client/firmware/groups/${set.id}?full_clean=true`, w.partner.token);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(second.logo_id).toBe(id);
    expect(stored(files)).toEqual([false, false]);
  });

  it('deletes them once the build that kept them moves to another logo, by the next upload at the latest', async () => {
    const { token } = await createSignedIn(w.t.app, w.t.db);
    const id = await uploadLogo(token);
    const files = await filesOf(id);
    const set = await createSet(w, token, 'logo-moved-away', { logo_id: id });
    const build = await submit(w, token, buildBody(w, set.id));
    expect((await api(w, 'DELETE', `/client/firmware/logo/${id}`, token)).statusCode).toBe(204);
    const moved = await api(w, 'PATCH', `/client/firmware/firmwares/${build.id}`, token, { logo_id: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    await uploadLogo(token);
    expect(stored(files)).toEqual([false, false]);
  });
});
