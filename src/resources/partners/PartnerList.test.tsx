import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore, Notification } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../contract/roles';
import { createDataProvider } from '../../dataProvider';
import type { HttpClient, HttpRequest } from '../../dataProvider/httpClient';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { PartnerList } from './PartnerList';
import { PartnersTopPanel } from './PartnersTopPanel';
import type { Partner } from './types';

// The machine running the suite may be busy: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

const acme: Partner = {
  id: 3,
  email: 'acme@example.com',
  worker: 'acme_pool',
  fee: [{ series: 'x19', min_dev_fee: 1.5, min_total_fee: 3, user_id: 3 }],
  last_active: new Date(Date.now() - 5 * 60_000).toISOString(),
  is_blocked: true,
  is_vip: true,
  is_tester: false,
  is_developer: false,
  is_admin: false,
  is_removed: false,
  created_at: '2025-01-01T00:00:00Z',
  max_queued_builds: null,
  max_builds_per_hour: null,
};

const Location = () => <output aria-label="location">{useLocation().search}</output>;

function setup(role: Role, path = '/partners', store = memoryStore(), partners: Partner[] = [acme]) {
  const reads: { path: string; query?: unknown; method?: string }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    reads.push({
      path,
      query: request.query,
      ...(request.method && request.method !== 'GET' ? { method: request.method } : {}),
    });
    if (path === '/admin/user/restore') return { status: 200, headers: new Headers(), json: {} };
    if (path === '/admin/analytics') {
      return {
        status: 200,
        headers: new Headers(),
        json: { totalUsers: 12, activeUsers: 7, licensesIssued: 30 },
      };
    }
    return { status: 200, headers: new Headers({ 'x-total-count': '41' }), json: partners };
  }) as unknown as HttpClient;
  renderWithAdmin(
    <>
      <PartnersTopPanel />
      <PartnerList />
      <Notification />
      <Location />
    </>,
    { role, path, httpClient, dataProvider: createDataProvider(httpClient), store },
  );
  return reads;
}

describe('/partners', () => {
  it('lists partners 20 a page with fee, status chips and the total in the tab', async () => {
    const reads = setup('admin');
    expect(await screen.findByText('acme_pool')).toBeInTheDocument();
    expect(screen.getByText('acme@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('fee-x19')).toHaveTextContent('x191.5% / 3%');
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    expect(screen.getByText('VIP')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Partners/ })).toHaveTextContent('41'));
    expect(await screen.findByTestId('stat-activeUsers')).toHaveTextContent('7');
    expect(reads).toContainEqual({ path: '/admin/users', query: { page: 0 } });
    expect(screen.getByRole('link', { name: 'Add partner' })).toHaveAttribute('href', '/partners/create');
    expect(screen.getByRole('tab', { name: 'License list' })).toBeInTheDocument();
  });

  it('searches and filters VIPs on the wire, back on the first page', async () => {
    const u = userEvent.setup({ delay: null });
    const reads = setup('admin');
    await screen.findByText('acme_pool');
    await u.click(screen.getByRole('button', { name: 'VIP only' }));
    await waitFor(() =>
      expect(reads).toContainEqual({ path: '/admin/users', query: { page: 0, by_vip: true } }),
    );
    await u.type(screen.getByRole('searchbox', { name: 'Search by partner' }), 'acme');
    await waitFor(() =>
      expect(reads).toContainEqual({
        path: '/admin/users',
        query: { page: 0, by_vip: true, search: 'acme' },
      }),
    );
  });

  it('lets developers read the list only', async () => {
    const reads = setup('developer');
    expect(await screen.findByText('acme_pool')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add partner' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'License list' })).toBeNull();
    expect(screen.queryByTestId('stat-totalUsers')).toBeNull();
    expect(reads.map((r) => r.path)).not.toContain('/admin/analytics');
  });

  it('keeps the page and the filters in the URL, and reads them back on a reload (issue 17)', async () => {
    const u = userEvent.setup({ delay: null });
    const reads = setup('admin', '/partners?page=2&by_vip=true');
    expect(await screen.findByText('acme_pool')).toBeInTheDocument();
    expect(reads.filter((r) => r.path === '/admin/users').map((r) => r.query)).toEqual([
      { page: 1, by_vip: true },
    ]);
    await u.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('?page=3&by_vip=true'),
    );
    expect(reads).toContainEqual({ path: '/admin/users', query: { page: 2, by_vip: true } });
  });

  it('shows removed partners to an admin with show removed on, and restores one (issue 17)', async () => {
    const u = userEvent.setup({ delay: null });
    const store = memoryStore();
    store.setItem('app.showRemoved', true);
    const gone: Partner = {
      ...acme,
      id: 9,
      worker: 'gone_pool',
      email: 'gone@example.com',
      is_removed: true,
    };
    const reads = setup('admin', '/partners', store, [gone]);
    const row = (await screen.findByText('gone_pool')).closest('tr') as HTMLElement;
    expect(reads).toContainEqual({ path: '/admin/users', query: { page: 0, include_removed: true } });
    expect(within(row).getByText('Removed')).toBeInTheDocument();
    await u.click(within(row).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restore gone@example.com?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Partner restored')).toBeInTheDocument();
    expect(reads).toContainEqual({ path: '/admin/user/restore', query: { user_id: '9' }, method: 'POST' });
  });
});
