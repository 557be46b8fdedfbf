import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../dataProvider';
import type { HttpClient, HttpRequest } from '../../dataProvider/httpClient';
import { loadMessages } from '../../i18n/messages';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { CataloguePage } from './CataloguePage';

const LISTS: Record<string, unknown[]> = {
  '/admin/catalogue/series': [
    { name: 'x17', coin: 'BTC', is_blocked: false, models: 5, releases: 1, queued_builds: 0 },
    { name: 'x19', coin: 'BTC', is_blocked: false, models: 7, releases: 4, queued_builds: 2 },
    { name: 'x23', coin: 'BTC', is_blocked: false, models: 0, releases: 0, queued_builds: 0 },
  ],
  '/admin/catalogue/models': [
    { name: 'S19 Pro', series: 'x19', is_blocked: false, combinations: 9, builds: 3, queued_builds: 1 },
    { name: 'S19 Hyd', series: 'x19', is_blocked: false, combinations: 2, builds: 0, queued_builds: 0 },
  ],
};

function setup(locale: 'en' | 'ru' = 'en') {
  const writes: { path: string; method?: string; body?: unknown }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    if (!request.method || request.method === 'GET')
      return { status: 200, headers: new Headers(), json: LISTS[path] ?? [] };
    writes.push({ path, method: request.method, body: request.body });
    return { status: 200, headers: new Headers(), json: { ...(request.body as object) } };
  }) as unknown as HttpClient;
  renderWithAdmin(
    <>
      <CataloguePage />
      <Notification />
    </>,
    { role: 'admin', path: '/catalogue', locale, dataProvider: createDataProvider(httpClient), httpClient },
  );
  return { writes };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('CataloguePage', () => {
  it('says how many queued builds use a series before blocking it, then blocks it with confirm', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    expect(within(await rowOf('x17')).getByText('admins only')).toBeTruthy();

    await user.click(within(await rowOf('x19')).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block x19?' });
    expect(within(dialog).getByText('2 builds in the queue use this.')).toBeTruthy();
    expect(within(dialog).getByText(/They will still be built/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Block anyway' }));

    await waitFor(() =>
      expect(writes).toEqual([
        { path: '/admin/catalogue/series/x19', method: 'PATCH', body: { is_blocked: true, confirm: true } },
      ]),
    );
  });

  // Issue 37: pool presets follow the series' coin; the admin could not set it.
  it("changes a series' coin, and adds a series with its coin", async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    const row = await rowOf('x23');
    expect(within(row).getByText('BTC')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit: x23' });
    await user.click(within(form).getByRole('combobox', { name: /Coin/ }));
    await user.click(await screen.findByRole('option', { name: 'LTC' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes).toEqual([
        { path: '/admin/catalogue/series/x23', method: 'PATCH', body: { coin: 'LTC' } },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const add = await screen.findByRole('dialog', { name: 'Add: Series' });
    await user.type(within(add).getByLabelText(/Name/), 'l11');
    await user.click(within(add).getByRole('combobox', { name: /Coin/ }));
    await user.click(await screen.findByRole('option', { name: 'LTC' }));
    await user.click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(writes.at(-1)).toEqual({
        path: '/admin/catalogue/series',
        method: 'POST',
        body: { name: 'l11', coin: 'LTC' },
      }),
    );
  }, 60_000);

  it('offers no removal of a series with models, and removes an empty one', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    await user.click(within(await rowOf('x19')).getByRole('button', { name: 'Remove' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove x19?' });
    expect(within(dialog).getByText('2 builds in the queue use this.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(await rowOf('x23')).getByRole('button', { name: 'Remove' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove x23?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writes).toEqual([{ path: '/admin/catalogue/series/x23', method: 'DELETE' }]));
  });

  it('offers no removal of a model queued builds use, and checks a new model name before sending it', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Models' }));
    await user.click(within(await rowOf('S19 Pro')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove S19 Pro?' });
    expect(within(dialog).getByText('1 build in the queue uses this.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog', { name: 'Add: Models' });
    await user.type(within(form).getByLabelText(/Name/), 'S19 Hyd ');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Latin letters, digits, spaces and + . _ - only')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('speaks Russian', async () => {
    const user = userEvent.setup({ delay: null });
    await loadMessages('ru');
    setup('ru');
    await user.click(within(await rowOf('x19')).getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать x19?' });
    expect(within(dialog).getByText('Это используют 2 сборки в очереди.')).toBeTruthy();
  });
});

describe('CataloguePage: repositories', () => {
  it("replaces a series' repositories as a whole", async () => {
    LISTS['/admin/repositories'] = [
      { id: 1, name: 'firmware-x19', url: '/srv/firmware-x19' },
      { id: 2, name: 'web-ui', url: '/srv/web-ui' },
    ];
    LISTS['/admin/series-repository'] = [{ series: 'x19', repository: 'firmware-x19' }];
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Repositories' }));
    const mapping = await screen.findByRole('table', { name: 'Repositories of each series' });
    await user.click(await within(mapping).findByRole('button', { name: 'Edit x19' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repositories of series x19' });
    expect(within(dialog).getByRole('checkbox', { name: 'firmware-x19' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'web-ui' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          path: '/admin/series-repository',
          method: 'PUT',
          body: { series: 'x19', repositories: ['firmware-x19', 'web-ui'] },
        },
      ]),
    );
  });
});
