import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { shell } from './pages';

/** /partners: the top panel, the list and the partner form. */
export function partnersPage(page: Page, baseUrl: string) {
  const group = (series: string) => page.getByRole('group', { name: series });
  return {
    open: () => page.goto(`${baseUrl}/partners`),
    search: () => page.getByRole('searchbox', { name: /^(Search by partner|Поиск по партнёру)$/ }),
    tab: (name: RegExp) => page.getByRole('tab', { name }),
    row: (text: string) => page.getByRole('row').filter({ hasText: text }),
    async add(partner: {
      email: string;
      worker: string;
      password: string;
      fees?: Record<string, [number, number]>;
    }) {
      await page
        .getByRole('link', { name: /^(Add partner|Добавить партнёра)$/ })
        .first()
        .click();
      await page.waitForURL(/\/partners\/create$/);
      await page.getByLabel(/^(E-mail|Эл\. почта)/).fill(partner.email);
      await page.getByLabel(/^(Worker|Воркер)/).fill(partner.worker);
      await page.getByLabel(/^(Password|Пароль)/).fill(partner.password);
      if (partner.fees) {
        await page.getByLabel(/^(Custom DevFee|Особая комиссия DevFee)$/).check();
        for (const [series, [dev, total]] of Object.entries(partner.fees)) {
          await group(series)
            .getByLabel(/^(Min devfee percent|Мин\. DevFee, %)/)
            .fill(String(dev));
          await group(series)
            .getByLabel(/^(Sum of fee percent|Сумма комиссий, %)/)
            .fill(String(total));
        }
      }
      await page.getByRole('button', { name: /^(Create partner|Создать партнёра)$/ }).click();
      await page.waitForURL(/\/partners$/);
    },
  };
}

/** 'my settings', opened from the user menu. */
export function accountDialog(page: Page) {
  const dialog = () => page.getByRole('dialog', { name: /^(My settings|Мои настройки)/ });
  return {
    dialog,
    async open() {
      await shell(page).openUserMenu();
      await page.getByRole('menuitem', { name: /^(Account|Аккаунт)$/ }).click();
      await dialog().waitFor();
    },
    tab: (name: RegExp) => dialog().getByRole('tab', { name }),
    async addSshKey(name: string, key: string) {
      await this.tab(/^(SSH keys|SSH-ключи)$/).click();
      await dialog()
        .getByRole('button', { name: /^(Add new key|Добавить ключ)$/ })
        .click();
      const tiles = dialog().getByTestId('ssh-key');
      const last = tiles.last();
      await last.getByLabel(/^(Name|Имя)/).fill(name);
      await last.getByLabel(/^(Public key|Открытый ключ)/).fill(key);
      await dialog()
        .getByRole('button', { name: /^(Save keys|Сохранить ключи)$/ })
        .click();
    },
    async changePassword(current: string, next: string) {
      await this.tab(/^(General|Общие)$/).click();
      await dialog()
        .getByLabel(/^(Current password|Текущий пароль)/)
        .fill(current);
      await dialog()
        .getByLabel(/^(New password|Новый пароль)/)
        .fill(next);
      await dialog()
        .getByRole('button', { name: /^(Change password|Сменить пароль)$/ })
        .click();
    },
    async close() {
      await dialog()
        .getByRole('button', { name: /^(Close|Закрыть)$/ })
        .click();
      await dialog().waitFor({ state: 'detached' });
    },
  };
}

/** The newest link to `path` in the messages the server wrote to DATA_DIR/outbox (no SMTP_URL set). */
export async function linkFromOutbox(dataDir: string, path: string): Promise<string | undefined> {
  const dir = join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    // Undo quoted-printable: soft line breaks and =3D.
    const text = (await readFile(join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const match = text.match(
      new RegExp(`https?://[^\\s"'<>]+${path.replace('/', '\\/')}\\?token=[^\\s"'<>&]+`),
    );
    if (match) return match[0];
  }
  return undefined;
}
