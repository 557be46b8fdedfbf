import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookCreated, WebhookDelivery } from '../../contract/schemas/webhook-schemas';
import { builds, mailOutbox, webhookDeliveries, webhookEndpoints } from '../platform/db/schema';
import { type AgentWorld, addAgent, createAgentWorld } from '../test/agent-fixtures';
import { finishWithArchive } from '../test/archive-build';
import { api } from '../test/build-fixtures';
import { expectValidationError } from '../test/helper';
import { checkWebhookUrl, URL_CREDENTIALS, URL_HTTP, URL_PRIVATE } from './webhook-address';
import { queueBuildWebhooks } from './webhook-events';
import {
  DEFAULT_WEBHOOK_OPTIONS,
  DISABLED_REASON,
  type WebhookOptions,
  WebhookSender,
} from './webhook-sender';
import { enqueueDeliveries } from './webhooks-repository';

// biome-ignore lint/suspicious/noExplicitAny: answers read by key.
type Json = any;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server on 127.0.0.1 that records what it gets and answers the statuses queued (200 after). */
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const answers: number[] = [];
let w: AgentWorld;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // The app's own sender stays out of the way (an hour between polls); each test drives a sender of its own.
  w = await createAgentWorld({}, { webhooks: { allowedHosts: ['127.0.0.1'], pollMs: 3_600_000 } });
}, 180_000);
afterAll(async () => {
  await w?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const sender = (
  options: Partial<WebhookOptions> = {},
  resolve?: ConstructorParameters<typeof WebhookSender>[3],
) =>
  new WebhookSender(
    w.t.db,
    { ...DEFAULT_WEBHOOK_OPTIONS, allowedHosts: ['127.0.0.1'], retryBaseMs: 60_000, ...options },
    w.t.app.log,
    resolve,
  );

async function register(events: string[], url = receiverUrl, token = w.partner.token) {
  const res = await api(w, 'POST', '/client/account/webhooks', token, { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookCreated>();
}

/** Queues a delivery of a test event to `endpointId`; answers its row id. */
async function queueTestEvent(endpointId: number) {
  const key = randomUUID();
  await enqueueDeliveries(w.t.db, [
    {
      endpoint_id: endpointId,
      message_id: `msg_${key.replaceAll('-', '')}`,
      event_type: 'build.failed',
      event_key: key,
      payload: { type: 'build.failed', data: { id: 0 } },
    },
  ]);
  const [row] = await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event_key, key));
  return row;
}

const deliveryRow = async (id: number) =>
  (await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];
const makeDue = (id: number) =>
  w.t.db.update(webhookDeliveries).set({ send_after: sql`now()` }).where(eq(webhookDeliveries.id, id));

describe('webhook addresses (issue 38)', () => {
  it('refuses plain http, credentials, and private, loopback or link-local addresses with 422 naming url', async () => {
    const stored = await w.t.db.select().from(webhookEndpoints);
    const post = (url: string) =>
      api(w, 'POST', '/client/account/webhooks', w.partner.token, { url, events: ['build.finished'] });
    for (const [url, reason] of [
      ['http://ci.example.com/hook', URL_HTTP],
      ['https://user:pw@ci.example.com/hook', URL_CREDENTIALS],
      ['https://10.1.2.3/hook', URL_PRIVATE],
      ['https://192.168.0.7/hook', URL_PRIVATE],
      ['https://127.0.0.2:8443/hook', URL_PRIVATE],
      ['https://169.254.169.254/latest/meta-data', URL_PRIVATE],
      ['https://[::1]/hook', URL_PRIVATE],
      ['https://[fe80::1]/hook', URL_PRIVATE],
      ['https://[::ffff:10.0.0.1]/hook', URL_PRIVATE],
      // A name is judged by what it resolves to: localhost is 127.0.0.1.
      ['https://localhost/hook', URL_PRIVATE],
    ]) {
      expect(expectValidationError(await post(url), 'url').msg, url).toBe(reason);
    }
    // None was stored: the endpoints are those the file's other tests made, if any.
    expect(await w.t.db.select().from(webhookEndpoints)).toEqual(stored);
  });

  it('judges every address a name resolves to', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect(await checkWebhookUrl('https://hooks.example.com/', [], resolve)).toEqual({
      ok: false,
      reason: URL_PRIVATE,
    });
    const publicOnly = async () => [{ address: '93.184.216.34', family: 4 }];
    expect((await checkWebhookUrl('https://hooks.example.com/', [], publicOnly)).ok).toBe(true);
  });

  it('checks the address again at delivery: a name rebound to a private address is not called', async () => {
    const made = await register(['build.failed']);
    await w.t.db
      .update(webhookEndpoints)
      .set({ url: 'https://rebound.example.com/hook' })
      .where(eq(webhookEndpoints.id, made.id));
    const row = await queueTestEvent(made.id);
    const before = received.length;
    await sender({}, async () => [{ address: '127.0.0.1', family: 4 }]).drain();
    expect(received.length).toBe(before);
    expect(await deliveryRow(row.id)).toMatchObject({
      status: 'pending',
      response_status: null,
      last_error: URL_PRIVATE,
    });
  });
});

describe("an account's webhooks, to admins (issue 38)", () => {
  it("lists any account's endpoints to an admin, as its API tokens are, and to no one else", async () => {
    const made = await register(['release.published']);
    const userId = w.partner.id;
    const listed = await api(w, 'GET', `/admin/user/webhooks?user_id=${userId}`, w.admin.token);
    expect(listed.statusCode, listed.body).toBe(200);
    const mine = await api(w, 'GET', '/client/account/webhooks', w.partner.token);
    // The partner's own list, each with its newest delivery (none yet for this one).
    expect(listed.json<object[]>().map(({ last_delivery, ...endpoint }: Json) => endpoint)).toEqual(
      mine.json(),
    );
    expect(listed.json<Json[]>().find((endpoint) => endpoint.id === made.id)?.last_delivery).toBeNull();
    expect(listed.json<{ id: number; url: string; events: string[] }[]>()).toContainEqual(
      expect.objectContaining({ id: made.id, events: ['release.published'] }),
    );
    expect(JSON.stringify(listed.json())).not.toContain('whsec_');
    expect((await api(w, 'GET', `/admin/user/webhooks?user_id=${userId}`, w.partner.token)).statusCode).toBe(
      403,
    );
    expect((await api(w, 'GET', '/admin/user/webhooks?user_id=2147483647', w.admin.token)).statusCode).toBe(
      404,
    );
  });
});

describe('webhook deliveries (issue 38)', () => {
  it('sends a finished build, signed per Standard Webhooks, once', async () => {
    const made = await register(['build.finished', 'build.failed']);
    expect(made.secret).toMatch(/^whsec_/);
    const agent = await addAgent(w, 'hook-agent');
    const { job } = await finishWithArchive(w, agent.token);
    const before = received.length;
    await sender().drain();
    const mine = received.slice(before);
    expect(mine).toHaveLength(1);
    const payload = new Webhook(made.secret).verify(
      mine[0].body,
      mine[0].headers as Record<string, string>,
    ) as {
      type: string;
      data: { id: number; uuid: string; status: string };
    };
    // The build's public id too: what its download (/api/files/firmwares/{uuid}) and its page are named by.
    const [build] = await w.t.db.select({ uuid: builds.uuid }).from(builds).where(eq(builds.id, job.id));
    expect(payload).toMatchObject({
      type: 'build.finished',
      data: { id: job.id, uuid: build.uuid, status: 'done' },
    });
    expect(mine[0].headers['webhook-signature']).toMatch(/^v1,/);
    // The same event again (another change of the build, another instance's pass) sends nothing more.
    await queueBuildWebhooks(w.t.db, [job.id]);
    await sender().drain();
    expect(received.length).toBe(before + 1);
    const log = await api(w, 'GET', `/client/account/webhooks/${made.id}/deliveries`, w.partner.token);
    expect(log.json<WebhookDelivery[]>()).toEqual([
      expect.objectContaining({
        event: 'build.finished',
        status: 'delivered',
        response_status: 200,
        attempts: 1,
      }),
    ]);
    // The admins' list shows it as the endpoint's newest delivery.
    const admins = await api(w, 'GET', `/admin/user/webhooks?user_id=${w.partner.id}`, w.admin.token);
    expect(admins.json<Json[]>().find((endpoint) => endpoint.id === made.id)?.last_delivery).toMatchObject({
      event: 'build.finished',
      status: 'delivered',
      response_status: 200,
    });
    // Another partner sees none of it.
    const theirs = await api(w, 'GET', `/client/account/webhooks/${made.id}/deliveries`, w.other.token);
    expect(theirs.statusCode).toBe(404);
  });

  it('retries a failed delivery with back-off, with the same webhook-id, and gives up after a day', async () => {
    const made = await register(['build.failed']);
    const row = await queueTestEvent(made.id);
    answers.push(500, 503);
    const before = received.length;
    await sender().drain();
    let now = await deliveryRow(row.id);
    expect(now).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    const wait = (now.send_after.getTime() - (now.attempted_at?.getTime() ?? 0)) / 1000;
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThan(65);
    // Not due yet: nothing is sent.
    await sender().drain();
    expect(received.length).toBe(before + 1);
    await makeDue(row.id);
    await sender().drain();
    now = await deliveryRow(row.id);
    expect(now).toMatchObject({ status: 'pending', attempts: 2, response_status: 503 });
    // Twice as long after the second failure.
    expect((now.send_after.getTime() - (now.attempted_at?.getTime() ?? 0)) / 1000).toBeGreaterThan(115);
    await makeDue(row.id);
    await sender().drain();
    expect(await deliveryRow(row.id)).toMatchObject({
      status: 'delivered',
      attempts: 3,
      response_status: 200,
    });
    const ids = received.slice(before).map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([row.message_id, row.message_id, row.message_id]);

    const late = await queueTestEvent(made.id);
    await w.t.db
      .update(webhookDeliveries)
      .set({ retry_from: sql`now() - interval '25 hours'` })
      .where(eq(webhookDeliveries.id, late.id));
    answers.push(500);
    await sender().drain();
    expect(await deliveryRow(late.id)).toMatchObject({ status: 'failed', response_status: 500 });
  });

  it('sends a delivery again when its owner asks', async () => {
    const made = await register(['build.failed']);
    const row = await queueTestEvent(made.id);
    await sender().drain();
    const before = received.length;
    const again = await api(
      w,
      'POST',
      `/client/account/webhooks/${made.id}/deliveries/${row.id}/redeliver`,
      w.partner.token,
    );
    expect(again.statusCode, again.body).toBe(200);
    // The route wakes the app's own sender at once; this one drains whatever is left.
    await sender().drain();
    await expect
      .poll(() => received.slice(before).map((request) => request.headers['webhook-id']))
      .toEqual([row.message_id]);
  });

  it('disables an endpoint that keeps failing and e-mails its owner', async () => {
    const made = await register(['build.failed']);
    const rows = [await queueTestEvent(made.id), await queueTestEvent(made.id)];
    answers.push(500, 500, 500);
    const failing = sender({ disableAfterFailures: 2 });
    await failing.drain();
    const [endpoint] = await w.t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.id));
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: DISABLED_REASON });
    const mails = await w.t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'webhook_disabled'), eq(mailOutbox.webhook_id, made.id)));
    expect(mails).toHaveLength(1);
    expect(mails[0].account_id).toBe(w.partner.id);
    // Disabled: nothing more is sent to it, due or not.
    for (const row of rows) await makeDue(row.id);
    const before = received.length;
    await failing.drain();
    expect(received.length).toBe(before);
    answers.length = 0;
    // Its owner enables it again: what waited goes out.
    const enable = await api(w, 'PATCH', `/client/account/webhooks/${made.id}`, w.partner.token, {
      enabled: true,
    });
    expect(enable.json()).toMatchObject({ enabled: true, disabled_reason: null });
    await failing.drain();
    await expect.poll(() => received.length).toBe(before + 2);
  });
});
