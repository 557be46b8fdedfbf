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
      await page
        .getByRole('button', { name: /^(Profile|Профиль|Account menu|Меню аккаунта)(: .+)?$/ })
        .click();
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

export interface ReleaseDraft {
  series: string;
  version: string;
  stage: string;
  /** Repository name → tag or branch. */
  tags: Record<string, string>;
  descriptions: Record<string, string>;
}

/** /releases: the series filter, the list, the row actions and the release form. */
export function releasesPage(page: Page, baseUrl: string) {
  const dialog = () => page.getByRole('dialog');
  const choose = async (combobox: RegExp | string, option: string) => {
    await page.getByRole('combobox', { name: combobox }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  return {
    open: () => page.goto(`${baseUrl}/releases`),
    seriesFilter: (name: string) => page.getByRole('radio', { name: new RegExp(`^${name}\\b`, 'i') }),
    count: (series: string) => page.getByTestId(`count-${series}`),
    row: (series: string, version: string) =>
      page.getByRole('row', { name: `${series} ${version}`, exact: true }),
    async newRelease() {
      await page.getByRole('link', { name: /^(New release|Новый релиз)$/ }).click();
      await page.waitForURL(/\/releases\/create$/);
    },
    async fill(release: ReleaseDraft) {
      await choose(/^Series/, release.series);
      await page.getByLabel(/^Version/).fill(release.version);
      await choose(/^Stage(?! number)/, release.stage);
      for (const [repository, tag] of Object.entries(release.tags)) await choose(repository, tag);
      for (const [language, text] of Object.entries(release.descriptions)) {
        await page.getByLabel(`Description (${language})`).fill(text);
      }
    },
    saveDraft: () => page.getByRole('button', { name: 'Save to draft' }).click(),
    publishForm: () => page.getByRole('button', { name: 'Publish' }).click(),
    /** A row action (Edit, Publish, Redeploy, Remove), confirmed in its dialog when it asks. */
    async act(series: string, version: string, action: 'Publish' | 'Redeploy' | 'Remove') {
      await this.row(series, version).getByRole('button', { name: action }).click();
      await dialog().getByRole('button', { name: action }).click();
      await dialog().waitFor({ state: 'detached' });
    },
    notification: (text: string) => page.getByRole('alert').filter({ hasText: text }),
  };
}
