import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, HttpRequest } from '../../dataProvider/httpClient';
import { loadMessages } from '../../i18n/i18nProvider';
import { PermissionsLoaded } from '../../test/PermissionsLoaded';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { ImpactNotice } from './ImpactNotice';
import { ReleaseRowActions } from './ReleaseRowActions';
import { aRelease } from './test/fixtures';

function impactClient(answer: { builds: number; sets: number; queued: number }) {
  const calls: { path: string; query?: HttpRequest['query'] }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    calls.push({ path, query: request.query });
    return { status: 200, headers: new Headers(), json: answer };
  }) as unknown as HttpClient;
  return { httpClient, calls };
}

describe('ImpactNotice', () => {
  it('the release removal dialog says how many builds use the release', async () => {
    const user = userEvent.setup({ delay: null });
    const { httpClient, calls } = impactClient({ builds: 3, sets: 2, queued: 1 });
    renderWithAdmin(
      <ReleaseRowActions release={aRelease({ id: 42, series: 'x19', version: '2.0.0' })} isAdmin />,
      {
        role: 'admin',
        httpClient,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('3 builds use this release')).toBeInTheDocument();
    expect(within(dialog).getByText('Sets: 2 · in the queue or building now: 1')).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/admin/impact', query: { release: 42 } }]);
  });

  it('says it in Russian, with the right plural', async () => {
    await loadMessages('ru');
    const { httpClient } = impactClient({ builds: 3, sets: 2, queued: 0 });
    renderWithAdmin(<ImpactNotice target={{ license: 5 }} />, { role: 'admin', locale: 'ru', httpClient });
    expect(await screen.findByText('3 сборки используют эту лицензию')).toBeInTheDocument();
  });

  it('says when nothing uses it, and shows nothing to a partner', async () => {
    const { httpClient, calls } = impactClient({ builds: 0, sets: 0, queued: 0 });
    const { unmount } = renderWithAdmin(<ImpactNotice target={{ model: 'S19 Pro' }} />, {
      role: 'admin',
      httpClient,
    });
    expect(await screen.findByText('0 builds use this model')).toBeInTheDocument();
    unmount();
    calls.length = 0;
    renderWithAdmin(
      <>
        <ImpactNotice target={{ model: 'S19 Pro' }} />
        <PermissionsLoaded />
      </>,
      { role: 'user', httpClient },
    );
    await screen.findByText('role: user');
    expect(screen.queryByText(/builds use/)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
