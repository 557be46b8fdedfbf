// Issue 37 §4: build notifications by e-mail, opted into per account and per outcome, sent through the mail
// outbox when the queue ends a build: in the account's language, with a link to the set, once per run.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/db/schema';
import {
  type AgentWorld,
  addAgent,
  agentCall,
  claimJob,
  createAgentWorld,
  queueBuild,
} from '../../test/agent-fixtures';
import { api } from '../../test/build-fixtures';
import { expectValidationError } from '../../test/helper';
import { MailCatcher } from '../../test/mail-catcher';
import { MANUAL } from '../../test/release-mail-world';
import { queueBuildEndMails } from './build-mail';

const APP_URL = 'https://console.example.test';

let w: AgentWorld;
let smtp: MailCatcher;
let agent: { id: number; token: string };
let partnerEmail: string;

beforeAll(async () => {
  smtp = await new MailCatcher().start();
  // The outbox never looks by itself: the tests drain it.
  w = await createAgentWorld({}, { smtpUrl: smtp.url, appUrl: APP_URL, mailOutbox: MANUAL });
  agent = await addAgent(w, 'mail-agent');
  partnerEmail = (await api(w, 'GET', '/client/account/info', w.partner.token)).json().email;
});

afterAll(async () => {
  await w?.close();
  await smtp?.close();
});

const preferences = (body: Record<string, unknown>, token = w.partner.token) =>
  api(w, 'PATCH', '/client/account/info', token, body);

/**
 * Sets both of the partner's build notifications (and its language): each test starts from the settings it
 * names, whatever another test of the file left.
 */
async function notify(done: boolean, failed: boolean, language?: 'en' | 'ru') {
  const res = await preferences({
    notify_build_done: done,
    notify_build_failed: failed,
    ...(language ? { language } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const mailsTo = (email: string, since: number) => smtp.mails.slice(since).filter((m) => m.to.includes(email));

async function endBuild(outcome: 'done' | 'failed') {
  const build = await queueBuild(w);
  const job = await claimJob(w, agent.token);
  expect(job.id).toBe(build.id);
  let body: Record<string, unknown> = { status: 'failed', reason: 'disk full' };
  if (outcome === 'done') {
    const bytes = Buffer.from(`firmware of ${build.id}`);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const upload = await agentCall(w, agent.token, 'PUT', `/jobs/${build.id}/artifact`, bytes, {
      'content-type': 'application/octet-stream',
      'x-sha256': sha256,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    body = { status: 'done', sha256, size: bytes.length };
  }
  const finish = await agentCall(w, agent.token, 'POST', `/jobs/${build.id}/finish`, body);
  expect(finish.json()).toEqual({ status: outcome });
  // The agent's retry of the same call changes nothing: the job is no longer held.
  expect((await agentCall(w, agent.token, 'POST', `/jobs/${build.id}/finish`, body)).statusCode).toBe(409);
  return build;
}

const rowsOf = (buildId: number) => w.t.db.select().from(mailOutbox).where(eq(mailOutbox.build_id, buildId));

describe('build notifications: the settings', () => {
  it('are off by default and set per account and outcome through PATCH /client/account/info', async () => {
    await notify(false, false);
    const info = (await api(w, 'GET', '/client/account/info', w.other.token)).json();
    expect(info).toMatchObject({ notify_build_done: false, notify_build_failed: false });
    const res = await preferences({ notify_build_failed: true }, w.other.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ notify_build_done: false, notify_build_failed: true });
    const again = (await api(w, 'GET', '/client/account/info', w.other.token)).json();
    expect(again).toMatchObject({ notify_build_done: false, notify_build_failed: true });
    // The partner's own settings are untouched.
    const partner = (await api(w, 'GET', '/client/account/info', w.partner.token)).json();
    expect(partner).toMatchObject({ notify_build_done: false, notify_build_failed: false });
  });

  it('refuses a value that is not a boolean, naming the field, and changes nothing', async () => {
    await notify(false, false);
    expectValidationError(await preferences({ notify_build_done: 'yes' }), 'notify_build_done');
    const info = (await api(w, 'GET', '/client/account/info', w.partner.token)).json();
    expect(info.notify_build_done).toBe(false);
  });
});

describe('build notifications: the mails', () => {
  it('sends nothing to an account that did not opt in', async () => {
    await notify(false, false);
    const since = smtp.mails.length;
    const build = await endBuild('failed');
    await w.t.app.mailOutbox.drain();
    expect(await rowsOf(build.id)).toEqual([]);
    expect(mailsTo(partnerEmail, since)).toEqual([]);
  });

  it('tells of a failed build once, in the account language, with a link to the set', async () => {
    await notify(false, true, 'ru');
    const since = smtp.mails.length;
    const build = await endBuild('failed');
    await w.t.app.mailOutbox.drain();
    await w.t.app.mailOutbox.drain();
    const mails = mailsTo(partnerEmail, since);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Сборка не удалась: ${build.name}`);
    const text = mails[0].bodies.join('\n');
    expect(text).toContain(`в наборе ${w.set.name} завершилась ошибкой`);
    expect(text).toContain(`Открыть набор: ${APP_URL}/firmwares/${w.set.id}`);
    expect((await rowsOf(build.id)).map((row) => [row.kind, row.status])).toEqual([['build_failed', 'sent']]);

    // Only failures were asked for: a finished build sends nothing.
    const done = await endBuild('done');
    await w.t.app.mailOutbox.drain();
    expect(await rowsOf(done.id)).toEqual([]);
    expect(mailsTo(partnerEmail, since)).toHaveLength(1);
  });

  it('tells of a finished build in English to an English-speaking account that asked for it', async () => {
    await notify(true, false, 'en');
    const since = smtp.mails.length;
    const build = await endBuild('done');
    await w.t.app.mailOutbox.drain();
    const mails = mailsTo(partnerEmail, since);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Build finished: ${build.name}`);
    expect(mails[0].bodies.join('\n')).toContain(`Open the set: ${APP_URL}/firmwares/${w.set.id}`);
  });

  it('queues one mail per run, however often the end is reported', async () => {
    await notify(true, false);
    const since = smtp.mails.length;
    const build = await endBuild('done');
    // The queue's hook called again for the same ended run (a retried transaction) queues nothing more.
    await queueBuildEndMails(w.t.db, [build.id]);
    await queueBuildEndMails(w.t.db, [build.id]);
    expect(await rowsOf(build.id)).toHaveLength(1);
    await w.t.app.mailOutbox.drain();
    expect(mailsTo(partnerEmail, since)).toHaveLength(1);
  });

  it('drops a queued notification the account turned off before it went out', async () => {
    await notify(true, false);
    const since = smtp.mails.length;
    const build = await endBuild('done');
    expect((await preferences({ notify_build_done: false })).statusCode).toBe(200);
    await w.t.app.mailOutbox.drain();
    expect((await rowsOf(build.id)).map((row) => row.status)).toEqual(['dropped']);
    expect(mailsTo(partnerEmail, since)).toEqual([]);
  });
});
