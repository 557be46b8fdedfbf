import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../app';
import {
  createSignedIn,
  createTestApp,
  expectError,
  request,
  TEST_XSRF,
  type TestApp,
} from '../../test/helper';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/api/test/crash', async () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
    },
  });
  token = (await createSignedIn(t.app, t.db)).token;
});

afterAll(() => t.close());

const rawWrite = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/client/account/info',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'x-xsrf-token': TEST_XSRF },
    cookies: { 'XSRF-TOKEN': TEST_XSRF },
    payload,
  });

describe('error responses', () => {
  it('answers malformed JSON with 400', async () => {
    expectError(await rawWrite('{"language": "ru",'), 400, 'Request body is not valid JSON');
  });

  it('answers an empty JSON body with 400', async () => {
    expectError(await rawWrite(''), 400);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ language: 'ru', padding: 'x'.repeat(BODY_LIMIT) });
    expectError(await rawWrite(big), 413, 'Request body is too large');
  });

  it('answers an unsupported content type with 415', async () => {
    expectError(
      await rawWrite('language=ru', 'application/x-www-form-urlencoded'),
      415,
      'Unsupported media type',
    );
  });

  it('answers unknown /api paths with a JSON 404, signed in or not, for any method', async () => {
    expectError(await request(t.app, { url: '/api/nope' }), 404, 'Not Found');
    expectError(await request(t.app, { url: '/api/nope', token }), 404, 'Not Found');
    expectError(await request(t.app, { method: 'POST', url: '/api/nope', body: {} }), 404, 'Not Found');
    expectError(await request(t.app, { method: 'DELETE', url: '/api/client/account/info', token }), 404);
    expectError(await request(t.app, { url: '/api' }), 404, 'Not Found');
  });

  it("answers the router's refusals in the same shape: a bad percent-encoding, an over-long parameter", async () => {
    expectError(await request(t.app, { url: '/api/client/firmware/firmwares/%E0%A4%A', token }), 400);
    expectError(await request(t.app, { url: '/api/%zz' }), 400, 'Invalid URL encoding');
    const long = await request(t.app, { url: `/api/client/firmware/firmwares/${'1'.repeat(200)}`, token });
    expectError(long, 414, 'URI too long');
  });

  it('answers a request Node cannot parse in the same shape', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1.1 400 Bad Request/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'Bad Request' });
  });

  it('refuses an integer path parameter written as true, 1.0 or with a space, naming it', async () => {
    for (const id of ['true', '1.0', '%201']) {
      const res = await request(t.app, { url: `/api/client/firmware/firmwares/${id}/runs`, token });
      expect(res.statusCode, id).toBe(422);
      expect(res.json().detail, id).toEqual([
        { loc: ['path', 'id'], msg: 'Must be an integer', type: 'value_error' },
      ]);
    }
  });

  it('answers a crash with a bare 500 and no internals', async () => {
    const res = await request(t.app, { url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal Server Error' });
    expect(res.body).not.toContain('secret');
  });
});
