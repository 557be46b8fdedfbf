import { onlineManager, QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { prefetchPageData } from '../../boot/preloadPage';
import { STORE_KEYS } from '../../layout/store';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { listDefaults } from '../../ui/listPanel/listParams';
import { fakeApi } from './buildForm/test/fakeApi';
import { set } from './buildForm/test/fixtures';
import { SetList } from './SetList';
import { SetsTopPanel } from './SetsTopPanel';
import { SETS_LIST_KEY } from './setsListState';

const slow = { timeout: 30_000 };
const SOUTH = {
  ...set,
  id: 11,
  name: 'South farm',
  is_favorite: true,
  count_firmwares: 7,
  platforms: ['amlogic', 'cvitek'],
  install_types: ['nand', 'sd'],
  main_workers: ['southfarm'],
};

function renderList(total: number, role: 'user' | 'admin' = 'user') {
  const api = fakeApi(role, {
    total,
    handlers: {
      'GET /client/firmware/groups': ({ query }) => (query?.search === 'none' ? [] : [set, SOUTH]),
      'GET /client/firmware/groups/11/upgrade': () => ({ builds: 5, cancelled: 2 }),
      'POST /client/firmware/groups/11/upgrade': () => ({}),
    },
  });
  renderWithAdmin(
    <>
      <SetsTopPanel />
      <SetList />
    </>,
    { role, path: '/firmwares', httpClient: api.httpClient, dataProvider: api.dataProvider },
  );
  return api;
}

const setsCalls = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.path === '/client/firmware/groups');

describe('the sets list', { timeout: 60_000 }, () => {
  it('shows each set with its models and counters, and caps the my sets badge at 999', async () => {
    renderList(1500);
    expect(await screen.findByRole('link', { name: 'North farm' }, slow)).toHaveAttribute(
      'href',
      '/firmwares/10',
    );
    expect(screen.getByRole('link', { name: 'South farm' })).toBeInTheDocument();
    expect(screen.getAllByText('S19')).toHaveLength(2);
    expect(screen.getAllByLabelText('Pending: 1')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(screen.getByTestId('sets-count')).toHaveTextContent('999+'));
  });

  // Issue 37: telling sets apart by what their builds are and by the main pool's worker.
  it("shows what a set's builds are and its main pool's worker", async () => {
    renderList(2);
    await screen.findByRole('link', { name: 'South farm' }, slow);
    const rows = screen.getAllByTestId('set-row');
    const south = rows.find((row) => within(row).queryByRole('link', { name: 'South farm' }));
    expect(within(south as HTMLElement).getByTestId('set-holds')).toHaveTextContent(
      'amlogic, cvitek · nand, sd · worker southfarm',
    );
  });

  it('sends the search and the favourites filter to the server, 20 a page from page 0', async () => {
    const u = userEvent.setup({ delay: null });
    const api = renderList(2);
    await screen.findByRole('link', { name: 'North farm' }, slow);
    expect(setsCalls(api)[0].query).toMatchObject({ page: 0 });
    await u.click(screen.getByRole('button', { name: 'Favourites' }));
    await waitFor(() => expect(setsCalls(api).some((c) => c.query?.is_favorite === true)).toBe(true));
    fireEvent.change(screen.getByLabelText('Search by set'), { target: { value: 'none' } });
    expect(await screen.findByText('No sets match the search', {}, slow)).toBeInTheDocument();
    expect(setsCalls(api).at(-1)?.query).toMatchObject({ search: 'none', is_favorite: true, page: 0 });
  });

  // Issue 14: the page is react-admin's headless ListBase, not its <List>; its pager and offline notice stay.
  it('pages through more than 20 sets, asking the server for the next page', async () => {
    const u = userEvent.setup({ delay: null });
    const api = renderList(45);
    await screen.findByRole('link', { name: 'North farm' }, slow);
    expect(screen.getByText('1-20 of 45')).toBeInTheDocument();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    try {
      await u.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() => expect(setsCalls(api).at(-1)?.query).toMatchObject({ page: 1 }));
      expect(await screen.findByText('21-40 of 45')).toBeInTheDocument();
      // The page is kept in the store, not the URL: the list itself brings the new page into view.
      expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    } finally {
      scrollTo.mockRestore();
    }
  });

  it('says the browser is offline when the next page cannot be fetched', async () => {
    const u = userEvent.setup({ delay: null });
    renderList(45);
    await screen.findByRole('link', { name: 'North farm' }, slow);
    onlineManager.setOnline(false);
    try {
      await u.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(await screen.findByText('No connectivity. Could not fetch data.', {}, slow)).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  // Issue 14: /firmwares' first page is fetched beside the console's code, into the cache the list reads.
  it('draws the page fetched at start-up without asking for it again, with the stored search and switches', async () => {
    const api = fakeApi('admin', {
      total: 2,
      handlers: { 'GET /client/firmware/groups': () => [set, SOUTH] },
    });
    const store = memoryStore({
      [SETS_LIST_KEY]: { ...listDefaults('id', 'DESC'), filter: { search: 'farm', is_favorite: true } },
      [STORE_KEYS.showRemoved]: true,
    });
    const queryClient = new QueryClient();
    prefetchPageData('/firmwares', { queryClient, dataProvider: api.dataProvider, store, role: 'admin' });
    await waitFor(() => expect(setsCalls(api)).toHaveLength(1));
    expect(setsCalls(api)[0].query).toMatchObject({ search: 'farm', is_favorite: true, is_removed: true });

    renderWithAdmin(<SetList />, { role: 'admin', store, queryClient, dataProvider: api.dataProvider });
    expect(await screen.findByRole('link', { name: 'South farm' }, slow)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setsCalls(api)).toHaveLength(1);
  });

  // Issue 17, defect 6: "Upgrade all" moved 7 builds at once without a word; now it asks, with the count.
  it('asks before upgrading or rebuilding every build of a set, saying how many', async () => {
    const u = userEvent.setup({ delay: null });
    const api = renderList(2);
    await u.click(await screen.findByRole('button', { name: 'Actions of set South farm' }, slow));
    await u.click(await screen.findByRole('menuitem', { name: 'Upgrade all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade all builds of South farm?' });
    // Issue 37: the count comes from the server, and the cancelled builds are left alone unless ticked.
    expect(await within(dialog).findByText(/^5 builds on an older release/)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Include the 2 cancelled builds' }));
    expect(within(dialog).getByText(/^7 builds on an older release/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Upgrade all' }));
    await waitFor(() =>
      expect(
        api.calls.find((c) => c.method === 'POST' && c.path === '/client/firmware/groups/11/upgrade')?.query,
      ).toEqual({ include_cancelled: true }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await u.click(await screen.findByRole('button', { name: 'Actions of set South farm' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Rebuild all' }));
    const rebuild = await screen.findByRole('dialog', { name: 'Rebuild all builds of South farm?' });
    expect(rebuild).toHaveTextContent('All 7 builds of the set are made again.');
    await u.click(within(rebuild).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.path === '/client/firmware/groups/11/rebuild')).toBe(false);
  });

  it('tells an admin removing a set that it leaves the partner\'s lists, not "your lists"', async () => {
    const u = userEvent.setup({ delay: null });
    renderList(2, 'admin');
    await u.click(await screen.findByRole('button', { name: 'Actions of set South farm' }, slow));
    await u.click(await screen.findByRole('menuitem', { name: 'Remove set' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      "removed from the partner's lists; admins still find them with Show removed",
    );
    expect(dialog).not.toHaveTextContent('your lists');
  });
});
