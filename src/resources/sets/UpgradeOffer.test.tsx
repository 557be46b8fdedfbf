// Issue 15, item 9: upgrade is offered only when a newer release exists (the build list names it).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { fakeApi } from './buildForm/test/fakeApi';
import { build, set } from './buildForm/test/fixtures';
import { SetList } from './SetList';
import { SetPage } from './SetPage';
import type { Build } from './types';

const slow = { timeout: 30_000 };
const b = (id: number, extra: Partial<Build>): Build => ({ ...build, id, status: 'done', ...extra });

function renderSet(builds: Build[]) {
  const api = fakeApi('user', { sets: [set], builds });
  renderWithAdmin(
    <Routes>
      <Route path="/firmwares/:id" element={<SetPage />} />
    </Routes>,
    { role: 'user', path: '/firmwares/10', httpClient: api.httpClient, dataProvider: api.dataProvider },
  );
}

async function openMenu(name: string) {
  const u = userEvent.setup({ delay: null });
  await u.click(await screen.findByRole('button', { name }, slow));
  return screen.findByRole('menu');
}

describe('the upgrade action', { timeout: 60_000 }, () => {
  it('names the newer release of a build that has one, and is off for a build on the newest', async () => {
    renderSet([
      b(100, { model: 'S19', newer_release: { id: 7, version: '1.1.0', stage: 'stable' } }),
      b(101, { model: 'S19j Pro', newer_release: null }),
    ]);
    const older = await openMenu('Actions of build S19');
    expect(within(older).getByRole('menuitem', { name: 'Upgrade to 1.1.0' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('{Escape}');

    const newest = await openMenu('Actions of build S19j Pro');
    const item = within(newest).getByRole('menuitem', { name: /^Upgrade/ });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveTextContent('Already on the newest release');
    await userEvent.keyboard('{Escape}');

    // A set with one upgradable build can be upgraded as a whole.
    const setMenu = await openMenu('Actions of set North farm');
    expect(within(setMenu).getByRole('menuitem', { name: 'Upgrade all' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('is off for the whole set when every build is on the newest release', async () => {
    renderSet([
      b(100, { model: 'S19', newer_release: null }),
      b(101, { model: 'S19j Pro', newer_release: null }),
    ]);
    await screen.findByRole('heading', { name: 'North farm' }, slow);
    const setMenu = await openMenu('Actions of set North farm');
    const item = within(setMenu).getByRole('menuitem', { name: /^Upgrade all/ });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveTextContent('Every build is on the newest release');
  });

  it('is off in the sets list for a set the server says has nothing newer', async () => {
    const u = userEvent.setup({ delay: null });
    const api = fakeApi('user', {
      handlers: {
        'GET /client/firmware/groups': () => [
          { ...set, count_firmwares: 3, upgrade_available: false },
          { ...set, id: 11, name: 'South farm', count_firmwares: 2, upgrade_available: true },
        ],
      },
    });
    renderWithAdmin(<SetList />, {
      role: 'user',
      path: '/firmwares',
      httpClient: api.httpClient,
      dataProvider: api.dataProvider,
    });
    await u.click(await screen.findByRole('button', { name: 'Actions of set North farm' }, slow));
    const newest = within(await screen.findByRole('menu')).getByRole('menuitem', { name: /^Upgrade all/ });
    expect(newest).toHaveAttribute('aria-disabled', 'true');
    expect(newest).toHaveTextContent('Every build is on the newest release');
    await u.keyboard('{Escape}');

    await u.click(screen.getByRole('button', { name: 'Actions of set South farm' }));
    const older = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Upgrade all' });
    expect(older).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('replaces rebuild and pool edits by the upgrade for a build whose release was removed (issue 36)', async () => {
    renderSet([
      b(100, {
        model: 'S19',
        release_removed: true,
        newer_release: { id: 7, version: '1.1.0', stage: 'stable' },
      }),
    ]);
    const menu = await openMenu('Actions of build S19');
    for (const name of [/^Rebuild/, /^Edit pools/]) {
      const item = within(menu).getByRole('menuitem', { name });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveTextContent('Release removed: upgrade instead');
    }
    expect(within(menu).getByRole('menuitem', { name: 'Upgrade to 1.1.0' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('{Escape}');

    const setMenu = await openMenu('Actions of set North farm');
    const rebuild = within(setMenu).getByRole('menuitem', { name: /^Rebuild all/ });
    expect(rebuild).toHaveAttribute('aria-disabled', 'true');
    expect(rebuild).toHaveTextContent('A build’s release was removed: upgrade instead');
    expect(within(setMenu).getByRole('menuitem', { name: 'Upgrade all' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
