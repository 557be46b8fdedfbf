import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { fakeApi } from './buildForm/test/fakeApi';
import { build, set } from './buildForm/test/fixtures';
import { SetPage } from './SetPage';
import type { Build } from './types';

const slow = { timeout: 30_000 };
const b = (id: number, extra: Partial<Build>): Build => ({ ...build, id, ...extra });
const BUILDS = [
  b(100, { model: 'S19', stage: 'dev', status: 'done' }),
  b(101, { model: 'S19', stage: 'beta', status: 'in_progress', progress: 40 }),
  b(102, { model: 'S19', stage: 'stable', status: 'failed', platform: 'cvitek' }),
];

const Where = () => {
  const { pathname, search } = useLocation();
  return <p>at {`${pathname}${search}`}</p>;
};

function renderSet({ role = 'user' as 'user' | 'admin', sets = [set] } = {}) {
  const api = fakeApi(role, {
    sets,
    builds: BUILDS,
    handlers: {
      'DELETE /client/firmware/firmwares/101': () => null,
      'DELETE /client/firmware/firmwares/102': () => null,
    },
  });
  renderWithAdmin(
    <Routes>
      <Route path="/firmwares/:id" element={<SetPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { role, path: '/firmwares/10', httpClient: api.httpClient, dataProvider: api.dataProvider },
  );
  return api;
}

describe('a set’s page', { timeout: 60_000 }, () => {
  it('groups the builds by stage: stable and prerelease, test, dev', async () => {
    renderSet();
    await screen.findByRole('heading', { name: 'North farm' }, slow);
    const sections = await screen.findAllByRole('region');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Stable and prerelease',
      'Test (alpha, beta, rc)',
      'Dev',
    ]);
    expect(within(sections[1]).getByText('in progress 40%')).toBeInTheDocument();
    expect(screen.getByLabelText('Failed: 1')).toBeInTheDocument();
  });

  it('deletes the selected builds with their files after the remove warning', async () => {
    const u = userEvent.setup({ delay: null });
    const api = renderSet();
    await screen.findByRole('heading', { name: 'North farm' }, slow);
    for (const section of ['Stable and prerelease', 'Test (alpha, beta, rc)']) {
      await u.click(
        within(await screen.findByRole('region', { name: section })).getByRole('checkbox', {
          name: /^Select build/,
        }),
      );
    }
    await u.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove 2 builds?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Delete files too' }));
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Delete the files for good?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'DELETE',
          path: '/client/firmware/firmwares/101',
          query: { full_clean: true },
          body: undefined,
        },
        {
          method: 'DELETE',
          path: '/client/firmware/firmwares/102',
          query: { full_clean: true },
          body: undefined,
        },
      ]),
    );
  });

  it('offers the missing models of the set’s series and opens the build form preset to one', async () => {
    const u = userEvent.setup({ delay: null });
    renderSet();
    await screen.findByRole('heading', { name: 'North farm' }, slow);
    await u.click(await screen.findByRole('button', { name: 'List of missing models' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'S19 Pro' }));
    expect(await screen.findByText('at /firmwares/10/build?model=S19%20Pro')).toBeInTheDocument();
  });

  // Issue 15, items 6 and 7: a removed set opened as if live, with an active 'Build firmware'; and partners
  // were offered the admins' 'Show removed' switch.
  it('shows a removed set as removed, with no build actions', async () => {
    renderSet({ sets: [{ ...set, is_removed: true }] });
    await screen.findByRole('heading', { name: 'North farm' }, slow);
    expect(await screen.findByText(/This set was removed/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Build firmware' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions of set/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /List of missing models/ })).not.toBeInTheDocument();
  });

  it('offers Show removed to admins only', async () => {
    renderSet();
    await screen.findAllByTestId('build-row', {}, slow);
    expect(screen.queryByLabelText('Show removed')).not.toBeInTheDocument();
  });

  it('offers Show removed to an admin', async () => {
    renderSet({ role: 'admin' });
    await screen.findAllByTestId('build-row', {}, slow);
    expect(screen.getByLabelText('Show removed')).toBeInTheDocument();
  });

  it('lets an admin restore a removed set after a confirmation (issue 17)', async () => {
    const u = userEvent.setup({ delay: null });
    const api = renderSet({ role: 'admin', sets: [{ ...set, is_removed: true }] });
    await screen.findByRole('heading', { name: 'North farm' }, slow);
    await u.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restore the set North farm?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(api.writes()).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/admin/groups/10/restore' }),
      ),
    );
  });

  it('offers no restore to a partner', async () => {
    renderSet({ sets: [{ ...set, is_removed: true }] });
    await screen.findByText(/This set was removed/, undefined, slow);
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });
});
