import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../dataProvider';
import { ApiError, type HttpClient, type HttpRequest } from '../../dataProvider/httpClient';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { SshKeysTab } from './SshKeysTab';

// The machine running the suite may be busy: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** Typing char by char is slow in jsdom; a paste is what a user with a key in the clipboard does anyway. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

function setup(refuse?: { loc: string[]; msg: string }) {
  const keys = [
    { id: 1, name: 'laptop', key: 'ssh-ed25519 AAAA1 me@laptop' },
    { id: 2, name: 'ci', key: 'ssh-ed25519 AAAA2 ci@build' },
  ];
  const writes: { path: string; method?: string; query?: unknown; body?: unknown }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    if (!request.method || request.method === 'GET')
      return { status: 200, headers: new Headers(), json: keys };
    writes.push({ path, method: request.method, query: request.query, body: request.body });
    if (refuse) throw new ApiError(refuse.msg, 422, { detail: [refuse] }, 'Unprocessable Entity');
    return { status: 200, headers: new Headers(), json: { id: 9, ...(request.body as object) } };
  }) as unknown as HttpClient;
  const view = renderWithAdmin(
    <>
      <SshKeysTab />
      <Notification />
    </>,
    { dataProvider: createDataProvider(httpClient), httpClient },
  );
  return { ...view, writes };
}

/** A new tile named as the saved 'laptop' key, holding the saved 'ci' key, then Save keys. */
async function saveDuplicateTile(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByTestId('ssh-key-name-0');
  await user.click(screen.getByRole('button', { name: 'Add new key' }));
  await fill(user, screen.getByTestId('ssh-key-name-2'), 'laptop');
  await fill(user, screen.getByTestId('ssh-key-text-2'), 'ssh-ed25519 AAAA2 ci@build');
  await user.click(screen.getByRole('button', { name: 'Save keys' }));
}

describe('SshKeysTab', () => {
  // Issue 37, item 2.3: the refusal was a toast over "Save keys", and the tile was not marked.
  it('marks the field the server refuses on its tile, without a toast', async () => {
    const user = userEvent.setup({ delay: null });
    const msg = 'Invalid SSH public key: expected an OpenSSH line such as "ssh-ed25519 AAAA… comment"';
    setup({ loc: ['body', 'key'], msg });
    await user.click(await screen.findByRole('button', { name: 'Add new key' }));
    await fill(user, screen.getByTestId('ssh-key-name-2'), 'desk');
    await fill(user, screen.getByTestId('ssh-key-text-2'), 'ssh-ed25519 not-base64 me@desk');
    await user.click(screen.getByRole('button', { name: 'Save keys' }));
    const field = screen.getByTestId('ssh-key-text-2');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(msg)).toHaveAttribute('id', field.getAttribute('aria-describedby'));
    expect(screen.getByTestId('ssh-key-name-0')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates only complete new keys and updates only changed ones', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    const name0 = await screen.findByTestId('ssh-key-name-0');
    await user.clear(name0);
    await fill(user, name0, 'old laptop');
    await user.click(screen.getByRole('button', { name: 'Add new key' }));
    await fill(user, screen.getByTestId('ssh-key-name-2'), 'desk');
    await fill(user, screen.getByTestId('ssh-key-text-2'), 'ssh-ed25519 AAAA3 me@desk');
    await user.click(screen.getByRole('button', { name: 'Add new key' }));
    await fill(user, screen.getByTestId('ssh-key-name-3'), 'no key text');
    await user.click(screen.getByRole('button', { name: 'Save keys' }));
    // A tile with a name but no key is not dropped without a word: its key is asked for, nothing is sent.
    expect(await screen.findByText('min len 1')).toBeInTheDocument();
    expect(writes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove key no key text' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save keys' }));

    expect(await screen.findByText('SSH keys updated')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        path: '/client/firmware/firmware_ssh_key',
        method: 'PUT',
        query: { id: '1' },
        body: { name: 'old laptop' },
      },
      {
        path: '/client/firmware/firmware_ssh_key',
        method: 'POST',
        query: {},
        body: { name: 'desk', key: 'ssh-ed25519 AAAA3 me@desk' },
      },
    ]);
  });

  it('shows duplicates under the keys and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    await saveDuplicateTile(user);
    expect(await screen.findAllByText('key name is duplicated')).toHaveLength(2);
    expect(screen.getAllByText('key is duplicated')).toHaveLength(2);
    expect(writes).toEqual([]);
  });

  // Issue 37: the saved twin's 'duplicated' messages stayed after the duplicate was removed or renamed.
  it('drops the duplicate messages once the duplicate is removed or changed', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await saveDuplicateTile(user);
    expect(await screen.findAllByText('key name is duplicated')).toHaveLength(2);

    await fill(user, screen.getByTestId('ssh-key-name-2'), ' two');
    await waitFor(() => expect(screen.queryByText('key name is duplicated')).not.toBeInTheDocument());
    expect(screen.getByTestId('ssh-key-name-0')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getAllByText('key is duplicated')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove key laptop two' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('key is duplicated')).not.toBeInTheDocument());
    expect(screen.getByTestId('ssh-key-text-1')).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks before removing a saved key, then deletes it', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    await user.click(await screen.findByRole('button', { name: 'Remove key ci' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The key "ci" will be removed from your account.')).toBeInTheDocument();
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes).toEqual([
        { path: '/client/firmware/firmware_ssh_key', method: 'DELETE', query: { id: '2' }, body: undefined },
      ]),
    );
  });
});
