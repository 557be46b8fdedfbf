import { describe, expect, it } from 'vitest';
import { findAccountById } from '../../accounts/accounts-repository';
import { request } from '../../test/helper';
import {
  APP_URL,
  admin,
  catcher,
  later,
  mailsAbout,
  outboxOf,
  publish,
  setUpReleaseMailWorld,
  subscriber,
  t,
  textOf,
} from '../../test/release-mail-world';

setUpReleaseMailWorld();

describe('release e-mails (issue 15)', () => {
  it('tells every opted-in account that may see a published release, once, in its language', async () => {
    const en = await subscriber('user', { language: 'en' });
    const ru = await subscriber('user', { language: 'ru' });
    const tester = await subscriber('tester');
    const notOptedIn = await subscriber('user', { optIn: false });
    const blocked = await subscriber('user', { blocked: true });
    const removed = await subscriber('user', { removed: true });

    const { id, version } = await publish();
    // Within the minute nothing goes out.
    expect(await t.app.mailOutbox.drain()).toBe(0);
    expect(catcher.mails.filter((m) => m.subject.includes(version))).toEqual([]);

    await later.app.mailOutbox.drain();
    for (const who of [en, ru, tester]) expect(mailsAbout(who, version)).toHaveLength(1);
    for (const who of [notOptedIn, blocked, removed]) expect(mailsAbout(who, version)).toHaveLength(0);

    const [enMail] = mailsAbout(en, version);
    expect(enMail.subject).toBe(`New release: x21 ${version} (stable)`);
    expect(textOf(enMail)).toContain('Series: x21');
    expect(textOf(enMail)).toContain(`Version: ${version}`);
    expect(textOf(enMail)).toContain('Stage: stable');
    expect(textOf(enMail)).toContain(`Faster autotuning in ${version}.`);
    expect(textOf(enMail)).toContain(`Open the console: ${APP_URL}/releases`);
    expect(textOf(enMail)).not.toContain('Быстрее');

    const [ruMail] = mailsAbout(ru, version);
    // Issue 37: the stage in Russian, as the console names it.
    expect(ruMail.subject).toBe(`Новый релиз: x21 ${version} (стабильный)`);
    expect(textOf(ruMail)).toContain('Серия: x21');
    expect(textOf(ruMail)).toContain('Стадия: стабильный');
    expect(textOf(ruMail)).not.toContain('stable');
    expect(textOf(ruMail)).toContain(`Быстрее автотюнинг в ${version}.`);
    expect(textOf(ruMail)).not.toContain('Faster');

    // A second pass sends nothing again.
    await later.app.mailOutbox.drain();
    for (const who of [en, ru, tester]) expect(mailsAbout(who, version)).toHaveLength(1);
    expect((await outboxOf([id])).every((row) => row.status === 'sent')).toBe(true);
  });

  it('unsubscribes in one click, signed out, with the link of the mail', async () => {
    const who = await subscriber('user', { language: 'ru' });
    const { version } = await publish();
    await later.app.mailOutbox.drain();
    const [mail] = mailsAbout(who, version);
    const link = new RegExp(`${APP_URL}/unsubscribe\\?token=([A-Za-z0-9._%-]+)`).exec(textOf(mail));
    expect(link, textOf(mail)).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    // RFC 8058 one-click headers carry the same token, for mail clients' own unsubscribe button.
    const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1] ?? '';
    expect(oneClick).toBe(`${APP_URL}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`);

    // Opening the one-click address leads to the console's page and changes nothing by itself.
    const opened = await t.app.inject({ method: 'GET', url: oneClick.slice(APP_URL.length) });
    expect(opened.statusCode, opened.body).toBe(303);
    expect(opened.headers.location).toBe(`${APP_URL}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await findAccountById(t.db, who.account.id))?.send_email).toBe(true);

    // A forged or altered token changes nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(`${who.account.id}.${'A'.repeat(32)}`)}`,
    });
    expect(forged.statusCode, forged.body).toBe(400);
    expect((await findAccountById(t.db, who.account.id))?.send_email).toBe(true);

    // Signed out, no XSRF cookie, a form body as RFC 8058 mail clients send it.
    const res = await t.app.inject({
      method: 'POST',
      url: oneClick.slice(APP_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await findAccountById(t.db, who.account.id))?.send_email).toBe(false);

    const next = await publish();
    await later.app.mailOutbox.drain();
    expect(mailsAbout(who, next.version)).toHaveLength(0);
  });

  it('tells those to whom a stage change makes it visible, and nobody twice', async () => {
    const user = await subscriber('user');
    const tester = await subscriber('tester');
    const developer = await subscriber('developer');
    const { id, version, base } = await publish({ stage: 'beta' });
    await later.app.mailOutbox.drain();
    expect(mailsAbout(tester, version)).toHaveLength(1);
    expect(mailsAbout(developer, version)).toHaveLength(1);
    expect(mailsAbout(user, version)).toHaveLength(0);

    const res = await request(t.app, {
      method: 'PATCH',
      url: `/api/admin/releases/${id}`,
      token: admin.token,
      body: { stage: 'stable', version: base },
    });
    expect(res.statusCode, res.body).toBe(200);
    await later.app.mailOutbox.drain();
    expect(mailsAbout(user, base)).toHaveLength(1);
    expect(mailsAbout(user, base)[0].subject).toContain('(stable)');
    expect(mailsAbout(tester, base)).toHaveLength(1);
    expect(mailsAbout(developer, base)).toHaveLength(1);
  });

  it('tells nobody of a draft until it is published', async () => {
    const user = await subscriber('user');
    const { id, version } = await publish({ is_draft: true });
    await later.app.mailOutbox.drain();
    expect(mailsAbout(user, version)).toHaveLength(0);
    const res = await request(t.app, {
      method: 'PATCH',
      url: `/api/admin/releases/${id}`,
      token: admin.token,
      body: { is_draft: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await later.app.mailOutbox.drain();
    expect(mailsAbout(user, version)).toHaveLength(1);
  });

  it('sends nothing for a release published and removed within the minute', async () => {
    const user = await subscriber('user');
    const { id, version } = await publish();
    expect(await t.app.mailOutbox.drain()).toBe(0);
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/admin/releases/${id}`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(204);

    await later.app.mailOutbox.drain();
    expect(mailsAbout(user, version)).toHaveLength(0);
    const rows = await outboxOf([id]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 'dropped')).toBe(true);
  });
});
