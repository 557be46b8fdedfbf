import type { Page } from 'playwright-core';

/** /agents: the top panel, the list, the token dialog and the row actions. */
export function agentsPage(page: Page, baseUrl: string) {
  const tokenDialog = () => page.getByRole('dialog', { name: /^(Token of|Токен агента)/ });
  return {
    open: () => page.goto(`${baseUrl}/agents`),
    row: (text: string) => page.getByRole('row').filter({ hasText: text }),
    tokenDialog,
    /** Adds an agent and answers the token its dialog shows. */
    async add(name: string): Promise<string> {
      await page
        .getByRole('button', { name: /^(Add new agent|Добавить агента)$/ })
        .first()
        .click();
      const form = page.getByRole('dialog');
      await form.getByLabel(/^(Name|Имя)/).fill(name);
      await form.getByRole('button', { name: /^(Add agent|Добавить)$/ }).click();
      return (
        (await tokenDialog()
          .getByLabel(/^(Token|Токен)$/)
          .textContent()) ?? ''
      );
    },
    async closeToken() {
      await tokenDialog()
        .getByRole('button', { name: /^(I have copied it|Я скопировал токен)$/ })
        .click();
    },
    /** Regenerates an agent's token and answers the new one its dialog shows. */
    async regenerate(name: string): Promise<string> {
      await page
        .getByRole('button', { name: new RegExp(`^(Actions for|Действия с агентом) ${name}$`) })
        .click();
      await page.getByRole('menuitem', { name: /^(Regenerate token|Выпустить новый токен)$/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Regenerate token|Выпустить новый токен)$/ })
        .click();
      return (
        (await tokenDialog()
          .getByLabel(/^(Token|Токен)$/)
          .textContent()) ?? ''
      );
    },
    async remove(name: string) {
      await page
        .getByRole('button', { name: new RegExp(`^(Actions for|Действия с агентом) ${name}$`) })
        .click();
      await page.getByRole('menuitem', { name: /^(Delete|Удалить)$/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Delete|Удалить)$/ })
        .click();
    },
  };
}

/** /tasks: tabs, rows and the build log dialog. */
export function tasksPage(page: Page, baseUrl: string) {
  const logDialog = () => page.getByRole('dialog', { name: /^(Build log|Журнал сборки)/ });
  return {
    open: (tab: 'my' | 'all' = 'my') => page.goto(`${baseUrl}/tasks?tab=${tab}`),
    row: (text: string) => page.getByRole('row').filter({ hasText: text }),
    logDialog,
    logLines: () => logDialog().locator('[data-seq]'),
    /** Picks `action` from the row's menu (issue 37: the row keeps only Download and that menu in view). */
    async rowAction(rowText: string, action: RegExp) {
      await page
        .getByRole('row')
        .filter({ hasText: rowText })
        .getByRole('button', { name: /^(Actions|Действия): / })
        .click();
      await page.getByRole('menuitem', { name: action }).click();
    },
    async openLog(rowText: string) {
      await this.rowAction(rowText, /^(View log|Журнал сборки)$/);
    },
  };
}
