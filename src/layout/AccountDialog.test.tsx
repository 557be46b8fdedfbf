import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleAccount } from '../../contract/samples/account';
import type { AccountInfo } from '../../contract/schemas/account-schemas';
import { ACCOUNT_PATH } from '../authProvider/account';
import { createAuthProvider } from '../authProvider/index';
import { writeToken } from '../authProvider/session';
import { createDataProvider } from '../dataProvider';
import type { HttpClient } from '../dataProvider/httpClient';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { AccountDialog } from './AccountDialog';

configure({ asyncUtilTimeout: 5000 });

/** The header's button and the dialog it opens. */
const Harness = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        My settings
      </button>
      <AccountDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
};

/** The server's account, which a mailed link may change behind the console's back. */
function setup(initial: AccountInfo) {
  const server = { account: initial };
  const httpClient = vi.fn(async (path: string) => ({
    status: 200,
    headers: new Headers(),
    json: path === ACCOUNT_PATH ? server.account : [],
  })) as unknown as HttpClient;
  const authProvider = createAuthProvider({ httpClient, currentPath: () => '/' });
  renderWithAdmin(<Harness />, { httpClient, authProvider, dataProvider: createDataProvider(httpClient) });
  return server;
}

const mailingSwitch = () => screen.findByRole('switch', { name: /new releases/i });

beforeEach(() => {
  localStorage.clear();
  writeToken('token');
});

describe('AccountDialog (issue 37: no stale state after a mailed link)', () => {
  it('shows an unsubscribe made through the e-mail link when opened again', async () => {
    const user = userEvent.setup({ delay: null });
    const server = setup(sampleAccount({ send_email: true }));
    await user.click(screen.getByRole('button', { name: 'My settings' }));
    expect(await mailingSwitch()).toBeChecked();
    await user.click(screen.getByRole('button', { name: /close/i }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    server.account = sampleAccount({ send_email: false });
    await user.click(screen.getByRole('button', { name: 'My settings' }));
    await vi.waitFor(async () => expect(await mailingSwitch()).not.toBeChecked());
  });

  it('shows a confirmed e-mail change when the tab is come back to', async () => {
    const user = userEvent.setup({ delay: null });
    const server = setup(sampleAccount({ email: 'old@example.com', worker: '' }));
    await user.click(screen.getByRole('button', { name: 'My settings' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByText('old@example.com')).not.toHaveLength(0);

    server.account = sampleAccount({ email: 'new@example.com', worker: '' });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await within(dialog).findAllByText('new@example.com')).not.toHaveLength(0);
    expect(within(dialog).queryByText('old@example.com')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Current: new@example.com', { exact: false })).toBeInTheDocument();
  });
});
