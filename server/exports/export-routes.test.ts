// Issue 17: the CSV exports: content and quoting, admins only, filtered like the list, streamed in batches.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

let setA: number;
let setB: number;

beforeAll(async () => {
  // A worker a spreadsheet would run, with a comma and quotes in it.
  await w.t.db.execute(sql`update accounts set worker = ${'=HYPERLINK("x"),1'} where id = ${w.partner.id}`);
  setA = (await createSet(w, w.partner.token, 'export-a')).id;
  setB = (await createSet(w, w.other.token, 'export-b')).id;
  await w.t.db.execute(sql`update firmware_groups set name = ${'export, "b"'} where id = ${setB}`);
  await submit(w, w.partner.token, buildBody(w, setA));
  await submit(w, w.other.token, buildBody(w, setB));
  const removed = await submit(w, w.other.token, buildBody(w, setB, { model: 'S19j Pro' }));
  await api(w, 'DELETE', `/client/firmware/firmwares/${removed.id}`, w.other.token);
});

const download = (path: string, token = w.admin.token) =>
  request(w.t.app, { method: 'GET', url: `/api/admin/exports/${path}`, token });

/** The records of a CSV answer, split on CRLF (the tests' values hold no line breaks). */
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('CSV exports', () => {
  it('partners: UTF-8 with a BOM, an attachment, each partner with its fees, quoted and defused', async () => {
    const res = await download('partners.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="partners-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = lines(res.body);
    expect(header).toBe(
      'id,email,worker,is_admin,is_developer,is_tester,is_vip,is_blocked,created_at,last_active,' +
        'x19_min_dev_fee,x19_min_total_fee,x21_min_dev_fee,x21_min_total_fee,l9_min_dev_fee,l9_min_total_fee,' +
        'l7_min_dev_fee,l7_min_total_fee',
    );
    expect(rows).toHaveLength(4);
    const partner = rows.find((row) => row.startsWith(`${w.partner.id},`));
    expect(partner).toContain(`,"'=HYPERLINK(""x""),1",false,false,false,false,false,`);
    expect(partner).toMatch(/,,3,5,,,,$/);
  });

  it('licenses issued: by region, license and partner, live builds only', async () => {
    const res = await download('licenses.csv');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = lines(res.body);
    expect(header).toBe('region,license,partner_id,partner_email,issued');
    const partnerEmail = (await api(w, 'GET', `/admin/user?user_id=${w.partner.id}`, w.admin.token)).json()
      .email;
    const otherEmail = (await api(w, 'GET', `/admin/user?user_id=${w.other.id}`, w.admin.token)).json().email;
    expect(rows.sort()).toEqual(
      [
        `CIS,Kazakhstan Hosting,${w.partner.id},${partnerEmail},1`,
        `CIS,Kazakhstan Hosting,${w.other.id},${otherEmail},1`,
      ].sort(),
    );
  });

  it('builds: filtered as the admin list is (set, partner, show removed)', async () => {
    const all = lines((await download('builds.csv')).body);
    expect(all[0]).toMatch(/^id,uuid,created_at,partner_id,partner_email,set_id,set_name,name,series,model,/);
    expect(all).toHaveLength(3);
    const ofB = lines((await download(`builds.csv?group_id=${setB}`)).body).slice(1);
    expect(ofB).toHaveLength(1);
    expect(ofB[0]).toContain(`,${setB},"export, ""b""",`);
    expect(lines((await download(`builds.csv?group_id=${setB}&is_removed=true`)).body)).toHaveLength(3);
    expect(lines((await download(`builds.csv?user_id=${w.partner.id}`)).body)).toHaveLength(2);
    expect((await download('builds.csv?group_id=x')).statusCode).toBe(422);
  });

  it('are for admins only', async () => {
    for (const path of ['partners.csv', 'licenses.csv', 'builds.csv']) {
      expect((await download(path, w.partner.token)).statusCode).toBe(403);
      expect((await download(path, w.tester.token)).statusCode).toBe(403);
    }
  });

  it('streams 10,000 partners in batches: many chunks, none holding the whole answer', async () => {
    await w.t.db.execute(sql`
      insert into accounts (email, password_hash, worker)
      select 'bulk' || n || '@example.test', 'x', 'bulk' || n from generate_series(1, 10000) as n`);
    const res = await w.t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/partners.csv',
      headers: { authorization: `Bearer ${w.admin.token}` },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk));
    const body = Buffer.concat(chunks).toString('utf8');
    expect(lines(body)).toHaveLength(1 + 4 + 10_000);
    // 500 rows a batch: the header, then 21 batches, each written as it is read.
    expect(chunks.length).toBeGreaterThanOrEqual(21);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(body.length / 10);
  });
});
