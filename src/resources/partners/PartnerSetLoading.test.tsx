// Issue 15, item 12: a set's header does not say '0 builds' while its builds are still loading.
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { fakeApi } from '../sets/buildForm/test/fakeApi';
import { set } from '../sets/buildForm/test/fixtures';
import { PartnerShow } from './PartnerShow';

const partner = { id: 2, email: 'partner@localhost', worker: 'North', is_active: true };

describe("a partner's set while its builds load", () => {
  it('shows the set without a build count', async () => {
    const api = fakeApi('admin', {
      handlers: {
        'GET /admin/user': () => partner,
        'GET /admin/firmwares/users/2/groups': () => [set],
        'GET /admin/firmwares/users/2/tasks': () => [],
        // The builds never come.
        'GET /admin/firmwares': () => new Promise(() => undefined),
      },
    });
    renderWithAdmin(
      <Routes>
        <Route path="/partners/:id/show" element={<PartnerShow />} />
      </Routes>,
      {
        role: 'admin',
        path: '/partners/2/show?set=10',
        httpClient: api.httpClient,
        dataProvider: api.dataProvider,
      },
    );
    expect(await screen.findByRole('heading', { name: 'North farm' })).toBeInTheDocument();
    expect(screen.queryByText(/^0 builds$/)).not.toBeInTheDocument();
    expect(screen.queryByText(/builds?$/)).not.toBeInTheDocument();
  });
});
