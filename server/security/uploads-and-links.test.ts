// Security checks not covered elsewhere: logo uploads judged by their bytes (names and declared types are
// ignored; SVG that can run script is refused however it is spelled), and the public links page showing a
// link holder nothing about the owner. Brute-force throttling, expired tokens and tokens after a password
// change or a block are tested in routes/auth/sign-in.test.ts, plugins/auth-plugin.test.ts,
// routes/client/account/change-password.test.ts and routes/admin/users.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, partnerFees } from '../platform/db/schema';
import { pools } from '../test/build-fixtures';
import { stageBuild } from '../test/build-states';
import { createTestApp, request } from '../test/helper';
import { type FormPart, multipartBody } from '../test/multipart';
import { snapshotTables } from '../test/openapi-routes';
import { createSecurityWorld, PNG } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createSecurityWorld);

const part = (name: string, data: Buffer | string, filename: string, contentType: string): FormPart => ({
  name,
  filename,
  contentType,
  data,
});

function upload(parts: FormPart[]) {
  const { payload, headers } = multipartBody(parts);
  return request(w.t.app, {
    method: 'POST',
    url: '/api/client/account/logo',
    token: w.partner.token,
    body: payload,
    headers,
  });
}

describe('logo uploads are judged by content', () => {
  it('stores a PNG named .svg and declared as SVG as a PNG, and serves it as one', async () => {
    const res = await upload([
      part('image_le', PNG, 'logo.svg', 'image/svg+xml'),
      part('image_de', PNG, 'logo.txt', 'text/plain'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const set = res.json<{ le: string; de: string }>();
    for (const url of [set.le, set.de]) {
      const file = await request(w.t.app, { url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('refuses text, HTML and SVG that can run script, however it is written, and stores nothing', async () => {
    const svg = (inner: string, open = '<svg xmlns="http://www.w3.org/2000/svg">') => `${open}${inner}</svg>`;
    const refused = [
      'plain text named .png',
      '<html><body><script>alert(1)</script></body></html>',
      svg('<SCRIPT>alert(1)</SCRIPT>'),
      svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>'),
      svg('<a href="jav&#x61;script:alert(1)"><text>x</text></a>'),
      svg('<a href="java&#9;script:alert(1)"><text>x</text></a>'),
      svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>'),
      svg('<rect/>', '<svg xmlns="http://www.w3.org/2000/svg"\nonload="alert(1)">'),
      svg('<x:foreignObject xmlns:x="http://www.w3.org/2000/svg"><iframe/></x:foreignObject>'),
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
    ];
    const before = await snapshotTables(w.t.db);
    for (const content of refused) {
      const res = await upload([
        part('image_le', content, 'logo.png', 'image/png'),
        part('image_de', PNG, 'de.png', 'image/png'),
      ]);
      expect(res.statusCode, `${content}: ${res.body}`).toBe(422);
      expect(res.json().detail[0].loc, content).toEqual(['body', 'image_le']);
    }
    expect(await snapshotTables(w.t.db)).toEqual(before);
  });
});

describe('the public links page', () => {
  it('shows a link holder the builds, never the owner, the pools, the fees, tokens or internal ids', async () => {
    const { victim } = w;
    await stageBuild(w.t.db, victim.build.id, {
      status: 'done',
      progress: 100,
      file_size: 3,
      sha256: 'a'.repeat(64),
    });
    const res = await request(w.t.app, {
      url: `/api/client/firmware/firmwares/links?uuid=${victim.set.link_uuid}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ group_name: string; firmwares: Record<string, unknown>[] }>();
    expect(Object.keys(body).sort()).toEqual(['firmwares', 'group_name']);
    expect(body.firmwares).toHaveLength(1);
    expect(Object.keys(body.firmwares[0]).sort()).toEqual(
      [
        'download_url',
        'file_size',
        'install_type',
        'model',
        'name',
        'platform',
        'release_version',
        'run',
        'series',
        'sha256',
        'status',
        'uuid',
      ].sort(),
    );
    expect(body.firmwares[0].uuid).toBe(victim.build.uuid);

    const [owner] = await w.t.db.select().from(accounts).where(eq(accounts.id, victim.id));
    const fees = await w.t.db.select().from(partnerFees);
    const secrets = [
      owner.email,
      owner.worker,
      owner.password_hash,
      victim.token,
      w.workerToken,
      victim.set.link_uuid,
      ...pools().flatMap((pool) => [pool.url, pool.account, pool.worker]),
      ...(fees.length > 0 ? ['"min_dev_fee"', '"min_total_fee"'] : []),
    ];
    for (const secret of secrets) expect(res.body, `links page shows ${secret}`).not.toContain(secret);
    for (const key of [
      'id',
      'user_id',
      'group_id',
      'logo_id',
      'license_id',
      'release_id',
      'fee',
      'fee_pools_configs',
    ]) {
      expect(res.body).not.toContain(`"${key}"`);
    }
  });

  it('answers 404 alike for an unknown link and a build uuid used as a link', async () => {
    for (const uuid of ['00000000-0000-4000-8000-000000000000', w.victim.build.uuid]) {
      const res = await request(w.t.app, { url: `/api/client/firmware/firmwares/links?uuid=${uuid}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Set not found' });
    }
  });
});

describe('sign-in throttling', () => {
  it('is not reset by a forged X-Forwarded-For, nor by changing the case of the e-mail', async () => {
    const limited = await createTestApp({
      db: w.t.handle,
      signInLimits: {
        perEmailIp: { freeAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
        perIp: { freeAttempts: 100, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 },
      },
    });
    try {
      const [owner] = await w.t.db.select().from(accounts).where(eq(accounts.id, w.victim.id));
      const emails = [
        owner.email,
        owner.email.toUpperCase(),
        owner.email.replace(/^./, (c) => c.toUpperCase()),
        owner.email,
      ];
      const statuses: number[] = [];
      for (const [index, email] of emails.entries()) {
        const res = await request(limited.app, {
          method: 'POST',
          url: '/api/auth/sign-in',
          body: { email, password: 'wrong password' },
          headers: { 'x-forwarded-for': `203.0.113.${index + 1}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
