// Issue 15, release e-mails in Chromium: an admin publishes, the opted-in partner gets the e-mail in its
// stored language, and its unsubscribe link works signed out, in one click.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mimeBodies } from '../../server/test/mail-catcher';
import { apiSession } from './support/api';
import { newVisitor } from './support/browser';
import { consoleUnderTest } from './support/fixture';
import { screenshot } from './support/screenshot';

// No SMTP_URL: the e-mails land in DATA_DIR/outbox. The send delay is one second instead of a minute.
const e2e = consoleUnderTest({ SMTP_URL: '', MAIL_DELAY_SECONDS: '1' });

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 250 });

/** The decoded bodies of every .eml in the outbox to `to` whose text mentions `needle`. */
async function outboxMentioning(to: string, needle: string): Promise<string[]> {
  const dir = join(e2e.server.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const raws = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  return raws
    .filter((raw) => new RegExp(`^To: ${to}$`, 'm').test(raw))
    .map((raw) => mimeBodies(raw).join('\n'))
    .filter((text) => text.includes(needle));
}

describe('release e-mails', () => {
  it('an opted-in partner is told of a new release in Russian and unsubscribes from the link, signed out', async () => {
    const partner = await apiSession(e2e.server.url, e2e.server.partner);
    await partner.call('PATCH', '/client/account/info', { send_email: true, language: 'ru' });
    const admin = await apiSession(e2e.server.url, e2e.server.admin);
    const version = '9.9.1';
    await admin.call('POST', '/admin/releases', {
      series: 'x21',
      version,
      stage: 'stable',
      is_draft: false,
      is_public: true,
      tags: [
        { repository_name: 'firmware-x21', tag_name: 'v1.1.0' },
        { repository_name: 'web-ui', tag_name: 'v1.1.0' },
      ],
      descriptions: [
        { language: 'en', description: 'Quieter fans.' },
        { language: 'ru', description: 'Тише вентиляторы.' },
      ],
    });

    await eventually(async () => (await outboxMentioning(e2e.server.partner.email, version)).length).toBe(1);
    const [mail] = await outboxMentioning(e2e.server.partner.email, `Версия: ${version}`);
    expect(mail).toContain('Тише вентиляторы.');
    // The page link of the text part (the List-Unsubscribe header has the API's one-click address).
    const link = new RegExp(`${e2e.server.url}/unsubscribe\\?token=[\\w.%-]+`).exec(mail)?.[0];
    expect(link, mail).toBeTruthy();

    const visitor = await newVisitor(e2e.browser);
    const page = await visitor.newPage();
    await page.goto(link as string);
    await eventually(() =>
      page.getByText(/you will no longer receive e-mails about new releases/).isVisible(),
    ).toBe(true);
    screenshot(page, 'release-mail-unsubscribed');
    await visitor.close();

    const info = await partner.call<{ send_email: boolean }>('GET', '/client/account/info');
    expect(info.send_email).toBe(false);
  });
});
