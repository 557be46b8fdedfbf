import { eq } from 'drizzle-orm';
import { findAccountById } from '../accounts/accounts-repository';
import type { Db } from '../platform/db/client';
import { webhookEndpoints } from '../platform/db/schema';
import type { MailMessage } from '../platform/mail/mailer';
import type { MailOutboxRow } from '../platform/mail/outbox';
import { composeNotice, type MailLanguage } from '../platform/mail/templates';

const WORDING: Record<MailLanguage, (url: string, settings: string) => { subject: string; lines: string[] }> =
  {
    en: (url, settings) => ({
      subject: 'Your webhook was disabled',
      lines: [
        `The console disabled your webhook ${url}: it kept failing, so the console stopped sending to it.`,
        `Its delivery log in My settings → API shows each answer. Once the endpoint answers again, enable it there: ${settings}`,
      ],
    }),
    ru: (url, settings) => ({
      subject: 'Ваш вебхук отключён',
      lines: [
        `Консоль отключила ваш вебхук ${url}: запросы к нему раз за разом завершались ошибкой, и консоль перестала их отправлять.`,
        `Журнал доставки в разделе «Мои настройки → API» показывает каждый ответ. Когда адрес снова будет отвечать, включите вебхук там: ${settings}`,
      ],
    }),
  };

/** The e-mail telling an owner their failing endpoint was disabled (issue 38), rendered at send time. */
export async function composeWebhookDisabledMail(
  db: Db,
  row: MailOutboxRow,
  appUrl: string,
): Promise<MailMessage | { drop: string }> {
  const account = row.account_id === null ? undefined : await findAccountById(db, row.account_id);
  if (!account || account.is_blocked || account.is_removed)
    return { drop: 'account gone, blocked or removed' };
  if (row.webhook_id === null) return { drop: 'no webhook' };
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.webhook_id));
  if (!endpoint) return { drop: 'webhook removed' };
  if (endpoint.enabled) return { drop: 'webhook enabled again' };
  return composeNotice(account.email, (WORDING[account.language] ?? WORDING.en)(endpoint.url, `${appUrl}/`));
}
