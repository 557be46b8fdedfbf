import type { Page } from 'playwright-core';

/** /catalogue: the admin's catalogue, a tab per kind, its add dialog and its row actions. */
export function cataloguePage(page: Page, baseUrl: string) {
  const dialog = () => page.getByRole('dialog');
  return {
    open: () => page.goto(`${baseUrl}/catalogue`),
    tab: (name: string) => page.getByRole('tab', { name, exact: true }).click(),
    row: (text: string) => page.getByRole('row').filter({ hasText: text }),
    dialog,
    /** Fills the add dialog: text fields by label, choices (comboboxes) by label and option. */
    async add(texts: Record<string, string>, choices: Record<string, string> = {}) {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      for (const [label, value] of Object.entries(texts)) await dialog().getByLabel(label).fill(value);
      for (const [label, option] of Object.entries(choices)) {
        await dialog().getByRole('combobox', { name: label }).click();
        await page.getByRole('option', { name: option, exact: true }).click();
      }
      await dialog().getByRole('button', { name: 'Add', exact: true }).click();
    },
  };
}
