import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { fakeApi } from '../sets/buildForm/test/fakeApi';
import { build, set } from '../sets/buildForm/test/fixtures';
import { PartnerShow } from './PartnerShow';

const slow = { timeout: 30_000 };
const partner = { id: 2, email: 'partner@localhost', worker: 'North', is_active: true };

const webhooks = [
  {
    id: 7,
    url: 'https://ci.north.example/hooks/builds',
    events: ['build.finished', 'build.failed'],
    enabled: true,
    disabled_reason: null,
    created_at: '2026-11-01T10:00:00Z',
    last_delivery: {
      id: 41,
      message_id: 'msg_1',
      event: 'build.finished',
      status: 'delivered',
      attempts: 1,
      response_status: 204,
      last_error: null,
      created_at: '2026-11-20T09:00:00Z',
      attempted_at: '2026-11-20T09:00:01Z',
      next_attempt_at: null,
    },
  },
  {
    id: 8,
    url: 'https://old.north.example/hook',
    events: ['release.published'],
    enabled: false,
    disabled_reason: 'Disabled after failing for 3 days',
    created_at: '2026-10-01T10:00:00Z',
    last_delivery: null,
  },
];

function renderPartner(path = '/partners/2/show') {
  const api = fakeApi('admin', {
    builds: [build],
    handlers: {
      'GET /admin/user': () => partner,
      'GET /admin/firmwares/users/2/groups': () => [set],
      'GET /admin/firmwares/users/2/tasks': () => [],
      'DELETE /admin/groups/10': () => null,
      'GET /admin/user/webhooks': ({ query }) => (Number(query?.user_id) === 2 ? webhooks : []),
    },
  });
  renderWithAdmin(
    <>
      <Routes>
        <Route path="/partners/:id/show" element={<PartnerShow />} />
      </Routes>
      <Notification />
    </>,
    { role: 'admin', path, httpClient: api.httpClient, dataProvider: api.dataProvider },
  );
  return api;
}

describe("an admin on a partner's page", () => {
  it('sees the partner sets from the admin path, removes one and is warned', slow, async () => {
    const u = userEvent.setup();
    const api = renderPartner();
    const sets = await screen.findByRole('list', { name: 'sets' }, slow);
    expect(within(sets).getByText('North farm')).toBeInTheDocument();
    expect(screen.getByText('No tasks yet')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Actions of set North farm' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Remove set' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'DELETE', path: '/admin/groups/10', query: { full_clean: false }, body: undefined },
      ]),
    );
    expect(await screen.findByText('Firmware set removed')).toBeInTheDocument();
  });

  it("opens a set's builds from the admin builds path", slow, async () => {
    const api = renderPartner('/partners/2/show?set=10');
    expect(await screen.findByRole('heading', { name: 'North farm' }, slow)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls).toContainEqual(expect.objectContaining({ method: 'GET', path: '/admin/firmwares' })),
    );
    expect(await screen.findByText('S19', {}, slow)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Actions of build S19' }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    expect(items).toContain('Edit pools');
    expect(items).not.toContain('Upgrade');
  });

  it(
    "lists the partner's webhook endpoints read only, with their last delivery and no secret",
    slow,
    async () => {
      const api = renderPartner();
      const section = await screen.findByRole('region', { name: 'Webhooks' }, slow);
      const rows = await within(section).findAllByTestId('partner-webhook', {}, slow);
      expect(rows).toHaveLength(2);
      expect(within(rows[0]).getByText('https://ci.north.example/hooks/builds')).toBeInTheDocument();
      expect(within(rows[0]).getByText('Enabled')).toBeInTheDocument();
      expect(within(rows[0]).getByText('Build finished')).toBeInTheDocument();
      expect(within(rows[0]).getByText('Build failed')).toBeInTheDocument();
      expect(within(rows[0]).getByText(/Delivered · Answer: 204/)).toBeInTheDocument();
      expect(within(rows[1]).getByText('Disabled: it kept failing')).toBeInTheDocument();
      expect(within(rows[1]).getByText('Nothing was sent to it yet.')).toBeInTheDocument();
      // Read only: nothing to enable, disable, remove or send again; no secret anywhere.
      expect(within(section).queryByRole('button')).toBeNull();
      expect(section.textContent).not.toMatch(/whsec_/);
      expect(api.calls).toContainEqual(
        expect.objectContaining({ method: 'GET', path: '/admin/user/webhooks', query: { user_id: '2' } }),
      );
    },
  );
});
