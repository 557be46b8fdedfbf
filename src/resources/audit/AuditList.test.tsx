import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../dataProvider';
import type { HttpClient, HttpRequest } from '../../dataProvider/httpClient';
import { loadMessages } from '../../i18n/i18nProvider';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { AuditList } from './AuditList';
import type { AuditEntry } from './types';

const ENTRIES: AuditEntry[] = [
  {
    id: 2,
    at: '2026-11-25T10:00:00Z',
    actor_id: 1,
    actor_email: 'boss@example.test',
    action: 'partner.fees',
    object_type: 'partner',
    object_id: '7',
    before: { x19: { min_dev_fee: 1, min_total_fee: 2 } },
    after: { x19: { min_dev_fee: 1.5, min_total_fee: 2 } },
  },
  {
    id: 1,
    at: '2026-11-25T09:00:00Z',
    actor_id: null,
    actor_email: '',
    action: 'signing_key.rotate',
    object_type: 'signing_key',
    object_id: 'abc123',
    before: { key_id: 'old1' },
    after: { key_id: 'abc123' },
  },
];

function setup(locale: 'en' | 'ru' = 'en') {
  const calls: { path: string; query?: HttpRequest['query'] }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    calls.push({ path, query: request.query });
    const action = request.query?.action;
    const rows = action ? ENTRIES.filter((e) => e.action === action) : ENTRIES;
    return { status: 200, headers: new Headers({ 'x-total-count': String(rows.length) }), json: rows };
  }) as unknown as HttpClient;
  renderWithAdmin(<AuditList />, {
    role: 'admin',
    locale,
    path: '/audit',
    dataProvider: createDataProvider(httpClient),
    httpClient,
  });
  return { calls };
}

describe('AuditList', () => {
  it('shows who did what to which object, and the fields before and after', async () => {
    const { calls } = setup();
    const fees = await screen.findByText('Fees changed', {}, { timeout: 15_000 });
    const row = fees.closest('tr') as HTMLElement;
    expect(within(row).getByText('boss@example.test')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Partner #7' })).toHaveAttribute('href', '/partners/7/show');
    const changes = within(row).getByLabelText('What changed');
    expect(within(changes).getByText('x19 · Min DevFee, %')).toBeInTheDocument();
    expect(within(changes).getByText('1')).toBeInTheDocument();
    expect(within(changes).getByText('1.5')).toBeInTheDocument();
    expect(within(changes).queryByText('x19 · Sum of fees, %')).not.toBeInTheDocument();

    const key = (await screen.findByText('Signing key rotated')).closest('tr') as HTMLElement;
    expect(within(key).getByText('Console (shell)')).toBeInTheDocument();
    expect(within(key).getByText('Signing key #abc123')).toBeInTheDocument();
    expect(within(key).queryByRole('link')).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/admin/audit', query: { page: 0 } });
  });

  it('filters by action on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = setup();
    await screen.findByText('Fees changed', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Signing key rotated' }));
    await waitFor(() => expect(screen.queryByText('Fees changed')).not.toBeInTheDocument());
    expect(calls.at(-1)?.query).toMatchObject({ action: 'signing_key.rotate', page: 0 });
  });

  it('speaks Russian', async () => {
    await loadMessages('ru');
    setup('ru');
    const row = (await screen.findByText('Комиссии изменены')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Партнёр #7' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Что изменилось' })).toBeInTheDocument();
    expect(within(row).getByText('x19 · Мин. DevFee, %')).toBeInTheDocument();
  });
});
