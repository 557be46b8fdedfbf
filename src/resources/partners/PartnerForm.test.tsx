import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { REMOVED_EMAIL_DETAIL } from '../../../contract/restore';
import { createDataProvider } from '../../dataProvider';
import { ApiError, type HttpClient, type HttpRequest } from '../../dataProvider/httpClient';
import { fakeAuthProvider, renderWithAdmin } from '../../test/renderWithAdmin';
import { PartnerCreate } from './PartnerCreate';
import { PartnerEdit } from './PartnerEdit';
import type { Partner } from './types';

// The machine running the suite may be busy: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

const stored: Partner = {
  id: 5,
  email: 'miner@example.com',
  worker: 'miner_5',
  fee: [
    { series: 'x19', min_dev_fee: 1, min_total_fee: 3, user_id: 5 },
    { series: 'x21', min_dev_fee: 2, min_total_fee: 4, user_id: 5 },
  ],
  last_active: null,
  is_blocked: false,
  is_vip: false,
  is_tester: false,
  is_developer: false,
  is_admin: false,
  is_removed: false,
  created_at: '2025-01-01T00:00:00Z',
  max_queued_builds: null,
  max_builds_per_hour: null,
};

function setup(ui: React.ReactNode, path: string, ownId = 1) {
  const writes: { method?: string; path: string; query?: unknown; body?: unknown }[] = [];
  const httpClient = vi.fn(async (p: string, request: HttpRequest = {}) => {
    if (!request.method || request.method === 'GET')
      return { status: 200, headers: new Headers(), json: stored };
    writes.push({ method: request.method, path: p, query: request.query, body: request.body });
    return { status: 201, headers: new Headers(), json: p === '/admin/users' ? { ...stored, id: 77 } : {} };
  }) as unknown as HttpClient;
  const authProvider = {
    ...fakeAuthProvider('admin'),
    getIdentity: async () => ({ id: ownId, fullName: 'me', account: { ...stored, id: ownId } }),
  };
  renderWithAdmin(ui, {
    role: 'admin',
    path,
    dataProvider: createDataProvider(httpClient),
    httpClient,
    authProvider,
  });
  return writes;
}

const user = () => userEvent.setup({ delay: null });

/** The edit page of partner 5, signed in as account `ownId`; returns the writes it sends. */
const editPartner5 = (ownId?: number) =>
  setup(
    <Routes>
      <Route path="/partners/:id" element={<PartnerEdit />} />
    </Routes>,
    '/partners/5',
    ownId,
  );
const group = (series: string) => screen.getByRole('group', { name: series });
async function fill(u: ReturnType<typeof user>, element: HTMLElement, text: string) {
  await u.clear(element);
  await u.click(element);
  await u.paste(text);
}

describe('partner form', () => {
  it('validates worker and fee inputs with the spec messages', async () => {
    const u = user();
    setup(<PartnerCreate />, '/partners/create');
    await fill(u, await screen.findByLabelText(/^Worker/), 'a-b');
    await u.click(screen.getByLabelText('Custom DevFee'));
    await fill(u, within(group('x19')).getByLabelText('Min devfee percent'), '100.5');
    await fill(u, within(group('x19')).getByLabelText('Sum of fee percent'), '1.234');
    await fill(u, within(group('x21')).getByLabelText('Min devfee percent'), '2');
    await u.click(screen.getByRole('button', { name: 'Create partner' }));
    expect(await screen.findByText('Only letters, numbers and _')).toBeInTheDocument();
    expect(screen.getByText('Enter a value from 0 to 100')).toBeInTheDocument();
    expect(screen.getByText('Maximum 2 decimal places')).toBeInTheDocument();
    expect(screen.getByText('Fee is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('creates the partner with its fee records in one call; the server fills the other series', async () => {
    const u = user();
    const writes = setup(<PartnerCreate />, '/partners/create');
    await fill(u, await screen.findByLabelText(/^E-mail/), 'new@example.com');
    await fill(u, screen.getByLabelText(/^Worker/), 'new_partner');
    await fill(u, screen.getByLabelText(/^Password/), 'secret-pass-1');
    await u.click(screen.getByLabelText('VIP'));
    await u.click(screen.getByLabelText('Custom DevFee'));
    await fill(u, within(group('x19')).getByLabelText('Min devfee percent'), '1.5');
    await fill(u, within(group('x19')).getByLabelText('Sum of fee percent'), '3.25');
    await u.click(screen.getByRole('button', { name: 'Create partner' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/admin/users',
      body: {
        email: 'new@example.com',
        worker: 'new_partner',
        password: 'secret-pass-1',
        is_admin: false,
        is_developer: false,
        is_tester: false,
        is_vip: true,
        is_blocked: false,
        custom_dev_fee: { x19: { min_dev_fee: 1.5, min_total_fee: 3.25 } },
      },
    });
  });

  it('offers to restore a removed partner whose e-mail is typed again (issue 17)', async () => {
    const u = user();
    const gone = { ...stored, id: 41, email: 'gone@example.com', is_removed: true };
    const calls: { method?: string; path: string; query?: unknown }[] = [];
    const httpClient = vi.fn(async (p: string, request: HttpRequest = {}) => {
      calls.push({ method: request.method, path: p, query: request.query });
      if (p === '/admin/users' && request.method === 'POST') {
        throw new ApiError('Conflict', 409, { detail: REMOVED_EMAIL_DETAIL }, 'Conflict');
      }
      if (p === '/admin/users') {
        return { status: 200, headers: new Headers({ 'x-total-count': '1' }), json: [gone] };
      }
      return { status: 200, headers: new Headers(), json: gone };
    }) as unknown as HttpClient;
    renderWithAdmin(
      <>
        <PartnerCreate />
        <Notification />
      </>,
      { role: 'admin', path: '/partners/create', dataProvider: createDataProvider(httpClient), httpClient },
    );
    await fill(u, await screen.findByLabelText(/^E-mail/), 'Gone@example.com');
    await fill(u, screen.getByLabelText(/^Worker/), 'gone_again');
    await fill(u, screen.getByLabelText(/^Password/), 'secret-pass-1');
    await u.click(screen.getByRole('button', { name: 'Create partner' }));
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent(
      'This e-mail belongs to a removed partner. Restore that partner instead of creating a new one.',
    );
    await u.click(within(offer).getByRole('button', { name: 'Restore' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Partner restored')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: '/admin/user/restore', query: { user_id: '41' } });
  });

  it('on edit patches changed series, creates new ones and leaves the account alone when unchanged', async () => {
    const u = user();
    const writes = editPartner5();
    await fill(
      u,
      await within(await screen.findByRole('group', { name: 'x19' })).findByLabelText('Min devfee percent'),
      '1.25',
    );
    await fill(u, within(group('l7')).getByLabelText('Min devfee percent'), '0.5');
    await fill(u, within(group('l7')).getByLabelText('Sum of fee percent'), '1');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/admin/user/fee',
        query: undefined,
        body: { user_id: 5, series: 'l7', min_dev_fee: 0.5, min_total_fee: 1 },
      },
      {
        method: 'PATCH',
        path: '/admin/user/fee',
        query: { user_id: 5, series: 'x19' },
        body: { min_dev_fee: 1.25 },
      },
    ]);
  });

  it('on edit deletes every fee record when custom DevFee is turned off', async () => {
    const u = user();
    const writes = editPartner5();
    await u.click(await screen.findByLabelText('Custom DevFee'));
    await fill(u, screen.getByLabelText(/^Worker/), 'renamed_5');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes).toEqual([
      { method: 'PATCH', path: '/admin/user', query: { user_id: '5' }, body: { worker: 'renamed_5' } },
      { method: 'DELETE', path: '/admin/user/fee', query: { user_id: 5, series: 'x19' }, body: undefined },
      { method: 'DELETE', path: '/admin/user/fee', query: { user_id: 5, series: 'x21' }, body: undefined },
    ]);
  });

  it("sets the partner's queue limits (issue 36), the defaults named beside the inputs", async () => {
    const u = user();
    const writes = editPartner5();
    const waiting = await screen.findByLabelText(/^Builds waiting, at most/);
    expect(screen.getByText('Empty: the default, 100')).toBeInTheDocument();
    await fill(u, waiting, '20');
    await fill(u, screen.getByLabelText(/^Builds queued per hour, at most/), '60');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PATCH',
      path: '/admin/user',
      query: { user_id: '5' },
      body: { max_queued_builds: 20, max_builds_per_hour: 60 },
    });
  });

  it('asks before an admin changes their own rights, and saves only once confirmed', async () => {
    const u = user();
    const writes = editPartner5(5);
    await u.click(await screen.findByLabelText('Developer'));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change your own rights?')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'PATCH', path: '/admin/user', body: { is_developer: true } });
  });

  it('names the remove action "Remove partner", on the page and in its confirmation', async () => {
    const u = user();
    editPartner5();
    await u.click(await screen.findByRole('button', { name: 'Remove partner' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Remove partner' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
