import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../authProvider/canAccess';
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
};

function setup(role: Role) {
  const reads: { path: string; query?: unknown }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    reads.push({ path, query: request.query });
    if (path === '/admin/analytics') {
      return {
        status: 200,
        headers: new Headers(),
        json: { totalUsers: 12, activeUsers: 7, licensesIssued: 30 },
      };
    }
    return { status: 200, headers: new Headers({ 'x-total-count': '41' }), json: [acme] };
  }) as unknown as HttpClient;
  renderWithAdmin(
    <>
      <PartnersTopPanel />
      <PartnerList />
    </>,
    { role, path: '/partners', httpClient, dataProvider: createDataProvider(httpClient) },
  );
  return reads;
}

describe('/partners', { timeout: 20_000 }, () => {
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
});
