// Issue 15, item 10: the copy-pools set picker asks the server as the user types (a set beyond the first page is
// found), and says when the server has more sets than it shows.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, resourcePaths } from '../../../dataProvider';
import type { HttpClient, HttpRequest } from '../../../dataProvider/httpClient';
import { renderWithAdmin } from '../../../test/renderWithAdmin';
import type { BuildSet } from '../types';
import { CopyPoolsDialog } from './CopyPoolsDialog';
import { fakeApi } from './test/fakeApi';
import { set } from './test/fixtures';

const SETS: BuildSet[] = Array.from({ length: 25 }, (_, i) => ({
  ...set,
  id: 100 + i,
  name: i === 24 ? 'Zeta far away' : `Farm ${String(i + 1).padStart(2, '0')}`,
}));

function renderDialog() {
  const api = fakeApi('user', {
    handlers: {
      // The server's paging and search: 20 a page, the total in x-total-count.
      'GET /client/firmware/groups': ({ query }) => {
        const search = String(query?.search ?? '').toLowerCase();
        return SETS.filter((s) => s.name.toLowerCase().includes(search)).slice(0, 20);
      },
    },
  });
  // The server's total of the search, as its x-total-count header.
  const httpClient = (async (path: string, request?: HttpRequest) => {
    const answer = await api.httpClient(path, request);
    if (path !== '/client/firmware/groups') return answer;
    const search = String(request?.query?.search ?? '').toLowerCase();
    const total = SETS.filter((s) => s.name.toLowerCase().includes(search)).length;
    return { ...answer, headers: new Headers({ 'x-total-count': String(total) }) };
  }) as HttpClient;
  const dataProvider = createDataProvider(httpClient, resourcePaths, () => 'user');
  const onPick = vi.fn();
  renderWithAdmin(<CopyPoolsDialog open setId={10} onClose={() => undefined} onPick={onPick} />, {
    dataProvider,
    httpClient,
  });
  return api;
}

describe('the copy-pools set picker', { timeout: 60_000 }, () => {
  it('says that more sets exist and searches the server as the user types', async () => {
    const u = userEvent.setup({ delay: null });
    const api = renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Showing 20 of 25 sets: type to search for the others.'),
    ).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Set' });
    await u.click(picker);
    expect(screen.queryByRole('option', { name: 'Zeta far away' })).not.toBeInTheDocument();
    await u.type(picker, 'zeta');
    expect(
      await screen.findByRole('option', { name: 'Zeta far away' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/client/firmware/groups' && c.query?.search === 'zeta')).toBe(
      true,
    );
    // One set found: nothing more to say.
    await waitFor(() => expect(within(dialog).queryByText(/^Showing/)).not.toBeInTheDocument());
  });
});
