import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/db/schema';
import { claimDueMails, DEFAULT_OUTBOX_OPTIONS } from '../../platform/mail/outbox';
import { MailCatcher } from '../../test/mail-catcher';
import {
  appOn,
  catcher,
  drainUntil,
  later,
  mailsAbout,
  outboxOf,
  publish,
  setUpReleaseMailWorld,
  subscriber,
  t,
  withSmtpDown,
} from '../../test/release-mail-world';

setUpReleaseMailWorld();

describe('release e-mails (issue 15): delivery', () => {
  it('loses nothing during an SMTP outage and delivers exactly once after it', async () => {
    const revived = new MailCatcher();
    await withSmtpDown(async (down, port) => {
      const who = await subscriber('user');
      const { id, version } = await publish();
      await down.app.mailOutbox.drain();
      const [failed] = (await outboxOf([id])).filter((row) => row.account_id === who.account.id);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

      // The server comes back on its address; the worker retries after its back-off.
      await revived.start(port);
      await drainUntil(down, async () =>
        (await outboxOf([id])).every((row) => row.status === 'sent' || row.status === 'dropped'),
      );
      await down.app.mailOutbox.drain();
      expect(
        revived.mails.filter((m) => m.to.includes(who.email) && m.subject.includes(version)),
      ).toHaveLength(1);
      const [sent] = (await outboxOf([id])).filter((row) => row.account_id === who.account.id);
      expect(sent.status).toBe('sent');
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
    }).finally(() => revived.close());
  });

  it('a restart half-way sends nothing twice and loses nothing', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => subscriber('user')));
    const { id, version } = await publish();
    const first = await appOn(catcher.url, { delayMs: 0, batchSize: 1 });
    const pass = first.app.mailOutbox.drain();
    const since = catcher.mails.length;
    await Promise.race(people.map((who) => catcher.waitFor(who.email, since, 30_000)));
    await first.close();
    await pass;

    // An instance that died holding a claim: its rows wait for the lease to pass, then go once.
    const dead = await claimDueMails(t.db, { ...DEFAULT_OUTBOX_OPTIONS, delayMs: 0, batchSize: 1 });
    const second = await appOn(catcher.url, { delayMs: 0 });
    try {
      await second.app.mailOutbox.drain();
      if (dead.length > 0) {
        expect((await outboxOf([id])).find((row) => row.id === dead[0].id)?.status).toBe('pending');
        await t.db
          .update(mailOutbox)
          .set({ locked_until: new Date(0) })
          .where(eq(mailOutbox.id, dead[0].id));
        await second.app.mailOutbox.drain();
      }
      for (const who of people) expect(mailsAbout(who, version)).toHaveLength(1);
      expect((await outboxOf([id])).every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('two instances draining at once send each mail once', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => subscriber('user')));
    const { version } = await publish();
    const other = await appOn(catcher.url, { delayMs: 0, batchSize: 2 });
    try {
      await Promise.all([later.app.mailOutbox.drain(), other.app.mailOutbox.drain()]);
      for (const who of people) expect(mailsAbout(who, version)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('the worker sends by itself, without being asked', async () => {
    const auto = await appOn(catcher.url, { delayMs: 0, pollMs: 20 });
    try {
      const who = await subscriber('user');
      const { version } = await publish();
      const mail = await catcher.waitFor(who.email, 0, 30_000);
      expect(mail.subject).toContain(version);
    } finally {
      await auto.close();
    }
  });
});
