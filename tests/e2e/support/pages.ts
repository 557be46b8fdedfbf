import type { Page } from 'playwright-core';

/** Page objects: the elements and actions of each page, named as a user sees them. */
export function loginPage(page: Page, baseUrl: string) {
  return {
    open: () => page.goto(`${baseUrl}/login`),
    email: () => page.getByLabel(/^(Email|Эл\. почта)/),
    password: () => page.getByLabel(/^(Password|Пароль)/),
    async signIn(email: string, password: string) {
      await page.getByLabel(/^(Email|Эл\. почта)/).fill(email);
      await page.getByLabel(/^(Password|Пароль)/).fill(password);
      await page.getByRole('button', { name: /^(Sign in|Войти)$/ }).click();
    },
  };
}

export function shell(page: Page) {
  return {
    sidebar: () => page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first(),
    menuItem: (name: RegExp) => page.getByRole('menuitem', { name }),
    async openSettings() {
      await page.getByRole('button', { name: /^(Settings|Настройки)$/ }).click();
    },
    async openUserMenu() {
      await page.getByRole('button', { name: /^(Profile|Профиль|Account menu|Меню аккаунта)$/ }).click();
    },
    async logout() {
      await this.openUserMenu();
      await page.getByRole('menuitem', { name: /^(Logout|Выйти)$/ }).click();
    },
    async closePopover() {
      await page.keyboard.press('Escape');
    },
  };
}
