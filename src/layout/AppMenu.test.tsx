import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { AppMenu } from './AppMenu';

const entries = async () => {
  await screen.findByRole('menuitem', { name: /Releases/ });
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
};

describe('AppMenu', () => {
  it('shows a user Releases, Firmwares and Tasks only', async () => {
    renderWithAdmin(<AppMenu />, { role: 'user' });
    expect(await entries()).toEqual(['Releases', 'Firmwares', 'Tasks']);
  });

  it('keeps Partners and Agents out of a developer menu too', async () => {
    renderWithAdmin(<AppMenu />, { role: 'developer' });
    expect(await entries()).toEqual(['Releases', 'Firmwares', 'Tasks']);
  });

  it('shows admins Partners and Agents as well, and the active builds and the build lookup', async () => {
    renderWithAdmin(<AppMenu />, { role: 'admin' });
    await waitFor(() => expect(screen.getAllByRole('menuitem')).toHaveLength(9));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
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
});
