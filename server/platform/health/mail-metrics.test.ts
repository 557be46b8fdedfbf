import { describe, expect, it } from 'vitest';
import { moved, scrapeMetrics } from '../../test/metrics-scrape';
import {
  drainUntil,
  later,
  outboxOf,
  publish,
  setUpReleaseMailWorld,
  subscriber,
  withSmtpDown,
} from '../../test/release-mail-world';

setUpReleaseMailWorld();

// Issue 43 §5: a mail the outbox cannot send moves firmware_mail_failures_total, each retry again.
describe('the mail failures counter', () => {
  it('moves when a send fails, and not when one succeeds', async () => {
    await withSmtpDown(async (down) => {
      const before = await scrapeMetrics(down.app);
      await subscriber('user');
      const { id } = await publish();
      const handled = await down.app.mailOutbox.drain();
      expect(handled).toBeGreaterThan(0);
      const after = await scrapeMetrics(down.app);
      // Every due mail was tried and refused: one failure each.
      expect(moved(before, after, 'firmware_mail_failures_total')).toBe(handled);

      // SMTP answers again (another instance's sender reaches it): the retries go out, nothing more counted.
      await drainUntil(later, async () => (await outboxOf([id])).every((row) => row.status !== 'pending'));
      expect((await outboxOf([id])).some((row) => row.status === 'sent')).toBe(true);
      const sent = await scrapeMetrics(down.app);
      expect(moved(after, sent, 'firmware_mail_failures_total')).toBe(0);
    });
  });
});
