import { describe, expect, it } from 'vitest';
import { consoleUnderTest } from './support/fixture';
import { releasesPage } from './support/pages';
import { screenshot } from './support/screenshot';

const e2e = consoleUnderTest();

async function signedIn(who: { email: string; password: string }) {
  const { context, page } = await e2e.signedIn(who);
  return { context, page, releases: releasesPage(page, e2e.server.url) };
}

/** Page loads, lazy chunks and data take more than expect.poll's default second. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

// The acting page is brought to the front: MUI pauses a toast's timer while its window is in the background.
const visible = (locator: { isVisible: () => Promise<boolean> }) => () => locator.isVisible();

describe('releases', () => {
  it('an admin drafts, publishes and removes a release; the partner sees it only while it is published', async () => {
    const VERSION = '1.1.1';
    const admin = await signedIn(e2e.server.admin);
    const partner = await signedIn(e2e.server.partner);
    await eventually(visible(partner.releases.row('x19', '1.0.0'))).toBe(true);
    const partnerCount = Number(await partner.releases.count('all').textContent());

    // The admin creates a draft for x19 from the demo repositories' tags.
    await admin.releases.newRelease();
    await admin.releases.fill({
      series: 'x19',
      version: VERSION,
      stage: 'stable',
      tags: { 'firmware-x19': 'v1.1.0', 'web-ui': 'v1.1.0' },
      descriptions: {
        English: 'Stable 1.1.1: faster autotuning.',
        Russian: 'Стабильная 1.1.1: быстрее автотюнинг.',
      },
    });
    screenshot(admin.page, 'releases-admin-form', true);
    await admin.releases.saveDraft();
    await admin.page.waitForURL(/\/releases$/);
    await eventually(visible(admin.releases.notification('Release created'))).toBe(true);
    const row = admin.releases.row('x19', VERSION);
    await eventually(visible(row)).toBe(true);
    await eventually(visible(row.getByText('Draft', { exact: true }))).toBe(true);

    // A draft is not for partners.
    await partner.page.bringToFront();
    await partner.releases.open();
    await eventually(visible(partner.releases.row('x19', '1.0.0'))).toBe(true);
    expect(await partner.releases.row('x19', VERSION).count()).toBe(0);

    // Published, it is.
    await admin.page.bringToFront();
    await admin.releases.act('x19', VERSION, 'Publish');
    await eventually(visible(admin.releases.notification('Release updated'))).toBe(true);
    await eventually(() => row.getByText('Draft', { exact: true }).count()).toBe(0);
    screenshot(admin.page, 'releases-admin-list', true);

    await partner.page.bringToFront();
    await partner.releases.open();
    await eventually(visible(partner.releases.row('x19', VERSION))).toBe(true);
    await eventually(() => partner.releases.count('all').textContent()).toBe(String(partnerCount + 1));
    // The older stable release of x19 now has a newer version.
    await eventually(visible(partner.releases.row('x19', '1.0.0').getByText('Newer version available'))).toBe(
      true,
    );
    // Partners neither see x17/t2t nor change releases.
    expect(await partner.releases.seriesFilter('x17').count()).toBe(0);
    expect(await partner.page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await partner.releases.seriesFilter('x19').check({ force: true });
    await eventually(() => partner.releases.row('x21', '1.0.0').count()).toBe(0);
    screenshot(partner.page, 'releases-partner', true);

    // Removed, it is gone for the partner.
    await admin.page.bringToFront();
    await admin.releases.act('x19', VERSION, 'Remove');
    await eventually(visible(admin.releases.notification('Release removed'))).toBe(true);
    await eventually(() => admin.releases.row('x19', VERSION).count()).toBe(0);

    await partner.page.bringToFront();
    await partner.page.reload();
    await eventually(visible(partner.releases.row('x19', '1.0.0'))).toBe(true);
    expect(await partner.releases.row('x19', VERSION).count()).toBe(0);

    await admin.context.close();
    await partner.context.close();
  });
});
