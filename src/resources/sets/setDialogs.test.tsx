// The set dialogs of issue 37 as a user meets them: "Upgrade all" says how many builds it rebuilds and leaves
// the cancelled ones alone unless asked; the public link dialog turns the link off and makes a new one.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, HttpRequest } from '../../dataProvider/httpClient';
import { loadMessages } from '../../i18n/messages';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { set } from './buildForm/test/fixtures';
import { SetLinkDialog } from './SetLinkDialog';
import type { BuildSet } from './types';
import { UpgradeAllDialog } from './UpgradeAllDialog';

configure({ asyncUtilTimeout: 5000 });

type Answer = (path: string, request: HttpRequest) => unknown;

function fakeHttp(answer: Answer) {
  const calls: { path: string; method?: string; body?: unknown }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    calls.push({ path, method: request.method, body: request.body });
    return { status: 200, headers: new Headers(), json: await answer(path, request) };
  }) as unknown as HttpClient;
  return { httpClient, calls };
}

describe('UpgradeAllDialog', () => {
  const preview = (builds: number, cancelled: number) =>
    fakeHttp((path) => (path.endsWith('/upgrade') ? { builds, cancelled } : {}));

  it('states how many builds it rebuilds and leaves the cancelled ones alone unless asked', async () => {
    const user = userEvent.setup({ delay: null });
    const { httpClient, calls } = preview(5, 2);
    const onConfirm = vi.fn();
    renderWithAdmin(<UpgradeAllDialog set={set} isAdmin={false} onClose={() => {}} onConfirm={onConfirm} />, {
      httpClient,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade all builds of North farm?' });
    expect(
      await within(dialog).findByText(
        '5 builds on an older release move to the newest release of their series and are built again.',
      ),
    ).toBeInTheDocument();
    const cancelled = within(dialog).getByRole('checkbox', { name: 'Include the 2 cancelled builds' });
    expect(cancelled).not.toBeChecked();
    expect(calls).toEqual([{ path: '/client/firmware/groups/10/upgrade', method: 'GET', body: undefined }]);

    await user.click(cancelled);
    expect(within(dialog).getByText(/^7 builds on an older release/)).toBeInTheDocument();
    await user.click(cancelled);
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade all' }));
    expect(onConfirm).toHaveBeenCalledWith(set, false);
  });

  it('asks again with the cancelled builds included when ticked', async () => {
    const user = userEvent.setup({ delay: null });
    const { httpClient } = preview(0, 3);
    const onConfirm = vi.fn();
    renderWithAdmin(<UpgradeAllDialog set={set} isAdmin onClose={() => {}} onConfirm={onConfirm} />, {
      httpClient,
    });
    const dialog = await screen.findByRole('dialog');
    const upgrade = within(dialog).getByRole('button', { name: 'Upgrade all' });
    await within(dialog).findByRole('checkbox', { name: 'Include the 3 cancelled builds' });
    // Nothing but cancelled builds: nothing to do until they are asked for.
    expect(upgrade).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox'));
    expect(upgrade).toBeEnabled();
    await user.click(upgrade);
    expect(onConfirm).toHaveBeenCalledWith(set, true);
  });

  it('offers no cancelled builds when there are none, and speaks Russian', async () => {
    await loadMessages('ru');
    const { httpClient } = preview(1, 0);
    renderWithAdmin(<UpgradeAllDialog set={set} isAdmin={false} onClose={() => {}} onConfirm={() => {}} />, {
      httpClient,
      locale: 'ru',
    });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Обновить все' })).toBeEnabled();
  });
});

describe('SetLinkDialog', () => {
  const NEW_UUID = '11111111-2222-4333-8444-555555555555';

  function renderLink(start: BuildSet = set) {
    const { httpClient, calls } = fakeHttp((_path, request) => {
      const body = request.body as { enabled?: boolean; regenerate?: boolean };
      return {
        ...start,
        link_enabled: body.enabled ?? start.link_enabled,
        link_uuid: body.regenerate ? NEW_UUID : start.link_uuid,
      };
    });
    const onClose = vi.fn();
    renderWithAdmin(
      <>
        <SetLinkDialog set={start} onClose={onClose} />
        <Notification />
      </>,
      { httpClient },
    );
    return { calls, onClose };
  }

  it('turns the public link off, and says what that means', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderLink();
    const dialog = await screen.findByRole('dialog', { name: 'Public link of North farm' });
    const works = within(dialog).getByRole('switch', { name: 'The link works' });
    expect(works).toBeChecked();
    expect(within(dialog).getByText(/Anyone holding the link/)).toBeInTheDocument();

    await user.click(works);
    expect(await screen.findByText('The link is off')).toBeInTheDocument();
    expect(works).not.toBeChecked();
    expect(within(dialog).getByText(/The link is off: it answers “not found”/)).toBeInTheDocument();
    expect(calls).toEqual([
      { path: '/client/firmware/groups/10/link', method: 'PATCH', body: { enabled: false } },
    ]);
  });

  it('makes a new link, which turns it on, and closes', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, onClose } = renderLink({ ...set, link_enabled: false });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('switch', { name: 'The link works' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    expect(await screen.findByText('A new link was made; the old one no longer works')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'The link works' })).toBeChecked();
    expect(calls).toEqual([
      { path: '/client/firmware/groups/10/link', method: 'PATCH', body: { enabled: true, regenerate: true } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
