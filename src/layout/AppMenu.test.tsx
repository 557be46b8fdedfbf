import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { AppMenu } from './AppMenu';

const entries = async () => {
  await screen.findByRole('menuitem', { name: /Releases/ });
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
};

describe('AppMenu', () => {
  it('shows a user the Dashboard, Releases, Firmwares and Tasks only', async () => {
    renderWithAdmin(<AppMenu />, { role: 'user' });
    expect(await entries()).toEqual(['Dashboard', 'Releases', 'Firmwares', 'Tasks']);
  });

  it('keeps Partners and Agents out of a developer menu too', async () => {
    renderWithAdmin(<AppMenu />, { role: 'developer' });
    expect(await entries()).toEqual(['Dashboard', 'Releases', 'Firmwares', 'Tasks']);
  });

  it('shows admins Partners and Agents as well, and the active builds and the build lookup', async () => {
    renderWithAdmin(<AppMenu />, { role: 'admin' });
    await waitFor(() => expect(screen.getAllByRole('menuitem')).toHaveLength(10));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Dashboard',
      'Releases',
      'Firmwares',
      'Tasks',
      'Partners',
      'Agents',
      'Catalogue',
      'Audit',
      'Active builds',
      'Find build',
    ]);
  });

  it('marks the page shown as active', async () => {
    renderWithAdmin(<AppMenu />, { role: 'user', path: '/firmwares/12/show' });
    await screen.findByRole('menuitem', { name: /Firmwares/ });
    const active = document.querySelectorAll('.RaMenuItemLink-active');
    expect([...active].map((item) => item.textContent)).toEqual(['Firmwares']);
  });

  it('collapsed to its icons, names each entry and hints it on hover, setting no state while it commits', async () => {
    const store = memoryStore();
    store.setItem('sidebar.open', false);
    const phases: string[] = [];
    renderWithAdmin(
      <Profiler id="menu" onRender={(_id, phase) => phases.push(phase)}>
        <AppMenu />
      </Profiler>,
      { role: 'user', store },
    );
    const tasks = await screen.findByRole('menuitem', { name: 'Tasks' });
    expect(tasks).toHaveAttribute('href', '/tasks');
    expect(phases).not.toContain('nested-update');
    fireEvent.mouseEnter(tasks);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Tasks');
  });
});
