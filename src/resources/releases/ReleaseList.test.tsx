import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore, Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/roles';
import { prefetchPageData } from '../../boot/preloadPage';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { ReleaseList } from './ReleaseList';
import { ReleaseTopPanel } from './ReleaseTopPanel';
import { fakeApi } from './test/fakeApi';
import { aRelease } from './test/fixtures';
import type { Release } from './types';

const RELEASES = [
  aRelease({ id: 1, series: 'x19', version: '1.0.0', stage: 'stable' }),
  aRelease({ id: 2, series: 'x21', version: '1.0.0', stage: 'stable' }),
  aRelease({ id: 3, series: 'x17', version: '1.0.0', stage: 'stable' }),
  aRelease({ id: 4, series: 'x19', version: '1.1.0', stage: 'stable' }),
  aRelease({ id: 5, series: 'x19', version: '1.2.0-pre.1', stage: 'prerelease' }),
  aRelease({ id: 6, series: 'x19', version: '1.2.0-pre.2', stage: 'prerelease' }),
  aRelease({ id: 7, series: 'x19', version: '0.9.0', stage: 'stable', is_removed: true }),
  aRelease({ id: 8, series: 'x21', version: '1.1.0', stage: 'beta', is_draft: true, is_public: false }),
].reverse();

function renderList(role: Role, releases: Release[] = RELEASES, showRemoved = false) {
  const store = memoryStore();
  store.setItem('app.showRemoved', showRemoved);
  const api = fakeApi(role, releases);
  const view = renderWithAdmin(
    <>
      <ReleaseTopPanel />
      <ReleaseList />
      <Notification />
    </>,
    { role, path: '/releases', dataProvider: api.dataProvider, store },
  );
  return { ...view, ...api };
}

const row = (name: string) => screen.getByRole('row', { name });
// The first render in jsdom (MUI, react-query) can take more than findBy's default second.
const findRow = (name: string) => screen.findByRole('row', { name });
const count = async (series: string) => (await screen.findByTestId(`count-${series}`)).textContent;

describe('the releases list', () => {
  // Issue 14: /releases' series and releases are fetched beside the console's code, into the cache the page reads.
  it('draws the releases fetched at start-up without asking for them again', async () => {
    const api = fakeApi('admin', RELEASES);
    const store = memoryStore({ 'app.showRemoved': true });
    const queryClient = new QueryClient();
    prefetchPageData('/releases', { queryClient, dataProvider: api.dataProvider, store, role: 'admin' });
    const reads = () => api.calls.map((c) => `${c.path} ${JSON.stringify(c.query ?? {})}`);
    await waitFor(() => expect(reads()).toHaveLength(2));

    renderWithAdmin(
      <>
        <ReleaseTopPanel />
        <ReleaseList />
      </>,
      { role: 'admin', path: '/releases', dataProvider: api.dataProvider, store, queryClient },
    );
    // The removed release shows: the admin's switch was read for the prefetch too.
    expect(await findRow('x19 0.9.0')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads().sort()).toEqual([
      '/client/firmware/series {}',
      '/client/releases {"include_deleted":"true"}',
    ]);
  });

  it('counts the releases per series and hides x17 from non-admins', async () => {
    renderList(
      'user',
      RELEASES.filter((r) => r.series !== 'x17' && !r.is_removed),
    );
    await findRow('x19 1.1.0');
    expect(await count('all')).toBe('6');
    expect(await count('x19')).toBe('4');
    expect(await count('x21')).toBe('2');
    expect(await count('l7')).toBe('0');
    expect(screen.queryByRole('radio', { name: /^x17/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^t2t/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New release' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('filters by the chosen series and shows an empty series as such', async () => {
    const user = userEvent.setup({ delay: null });
    renderList(
      'user',
      RELEASES.filter((r) => r.series !== 'x17' && !r.is_removed),
    );
    await findRow('x21 1.0.0');
    await user.click(screen.getByRole('radio', { name: /^x19/ }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'x21 1.0.0' })).not.toBeInTheDocument());
    expect(row('x19 1.1.0')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^l7/ }));
    expect(await screen.findByText('No releases for series l7.')).toBeInTheDocument();
  });

  it('marks a release that has a newer version in its series and class', async () => {
    renderList(
      'user',
      RELEASES.filter((r) => r.series !== 'x17' && !r.is_removed),
    );
    const older = await findRow('x19 1.0.0');
    expect(within(older).getByText('Newer version available')).toBeInTheDocument();
    expect(within(row('x19 1.1.0')).queryByText('Newer version available')).not.toBeInTheDocument();
    expect(within(row('x21 1.0.0')).queryByText('Newer version available')).not.toBeInTheDocument();
    expect(within(row('x19 1.2.0-pre.1')).queryByText('Newer version available')).not.toBeInTheDocument();
  });

  it('shows removed releases and the last prerelease to an admin with show removed on', async () => {
    const { calls } = renderList('admin', RELEASES, true);
    const removed = await findRow('x19 0.9.0');
    expect(calls.filter((c) => c.path === '/client/releases').map((c) => c.query)).toEqual([
      { include_deleted: 'true' },
    ]);
    expect(within(removed).getByText('Removed')).toBeInTheDocument();
    expect(within(row('x19 1.2.0-pre.2')).getByText('Last prerelease')).toBeInTheDocument();
    expect(within(row('x19 1.2.0-pre.1')).queryByText('Last prerelease')).not.toBeInTheDocument();
    expect(within(row('x21 1.1.0')).getByText('Draft')).toBeInTheDocument();
    expect(await count('x17')).toBe('1');
    expect(await count('all')).toBe('8');
  });

  it('leaves removed releases out while the switch is off', async () => {
    const { calls } = renderList('admin', RELEASES, false);
    await findRow('x19 1.1.0');
    expect(calls.find((c) => c.path === '/client/releases')?.query).toEqual({ include_deleted: 'false' });
    expect(screen.queryByRole('row', { name: 'x19 0.9.0' })).not.toBeInTheDocument();
    expect(screen.queryByText('Last prerelease')).not.toBeInTheDocument();
  });

  it('lets an admin publish a draft and remove a release, each after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi('admin', RELEASES, {
      'PATCH /admin/releases/8': ({ body }) => ({ ...RELEASES.find((r) => r.id === 8), ...(body as object) }),
      'DELETE /admin/releases/4': () => null,
    });
    renderWithAdmin(
      <>
        <ReleaseList />
        <Notification />
      </>,
      { role: 'admin', path: '/releases', dataProvider: api.dataProvider },
    );
    const draft = await findRow('x21 1.1.0');
    await user.click(within(draft).getByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Release updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()[0]).toMatchObject({
      method: 'PATCH',
      path: '/admin/releases/8',
      body: { is_draft: false, is_public: true },
    });

    await user.click(within(row('x19 1.1.0')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove x19 1.1.0?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: '/admin/releases/4' }),
    );
  });

  it('lets an admin restore a removed release after a confirmation (issue 17)', async () => {
    const user = userEvent.setup({ delay: null });
    const store = memoryStore();
    store.setItem('app.showRemoved', true);
    const api = fakeApi('admin', RELEASES, { 'POST /admin/releases/7/restore': () => ({}) });
    renderWithAdmin(
      <>
        <ReleaseList />
        <Notification />
      </>,
      { role: 'admin', path: '/releases', dataProvider: api.dataProvider, httpClient: api.httpClient, store },
    );
    const removed = await findRow('x19 0.9.0');
    expect(within(removed).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.click(within(removed).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restore x19 0.9.0?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Release restored')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/admin/releases/7/restore', query: undefined, body: undefined },
    ]);
  });

  it('says so when there are no releases', async () => {
    renderList('user', []);
    expect(await screen.findByText('No releases yet.')).toBeInTheDocument();
  });
});
