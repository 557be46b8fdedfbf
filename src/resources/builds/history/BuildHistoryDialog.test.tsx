// Issue 17, item 1: a build's history lists every run, the latest first, each with the agent's name as it
// was (a deleted agent still named), its release, commits, digest and its own log.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BuildRun } from '../../../../contract/schemas/runs-schemas';
import type { HttpClient } from '../../../dataProvider/httpClient';
import { loadMessages } from '../../../i18n/messages';
import { renderWithAdmin } from '../../../test/renderWithAdmin';
import { BuildHistoryDialog } from './BuildHistoryDialog';

const run = (n: number, extra: Partial<BuildRun>): BuildRun => ({
  run: n,
  release_id: 1,
  release_version: '1.0.0',
  commits: [
    { repository: 'firmware-x19', tag: 'v1.0.0', commit: 'abcdef0123456789abcdef0123456789abcdef01' },
  ],
  agent_name: null,
  status: 'done',
  attempts: 1,
  queued_at: '2026-01-01T10:00:00Z',
  started_at: '2026-01-01T10:01:00Z',
  finished_at: '2026-01-01T10:05:00Z',
  sha256: null,
  file_size: null,
  is_latest: false,
  download_path: null,
  attestation_path: null,
  ...extra,
});

const UUID = '0b0e5a4e-8d2f-4c3a-9d61-3f1f0a4b5c6d';

function setup(role: 'user' | 'admin', locale: 'en' | 'ru' = 'en', extra: BuildRun[] = []) {
  const runs = [
    run(2, { status: 'pending', is_latest: true, started_at: null, finished_at: null, attempts: 0 }),
    run(1, { agent_name: 'rig-gone', sha256: 'a'.repeat(64), file_size: 2048 }),
    ...extra,
  ];
  const httpClient = vi.fn(async () => ({ status: 200, headers: new Headers(), json: runs }));
  renderWithAdmin(<BuildHistoryDialog buildId={7} onClose={() => {}} subtitle="Farm · S19" />, {
    role,
    locale,
    httpClient: httpClient as unknown as HttpClient,
  });
  return httpClient;
}

describe('BuildHistoryDialog', () => {
  it('lists the runs, the latest first, with the first run’s agent, digest and commits', async () => {
    const httpClient = setup('user');
    const first = await screen.findByRole('listitem', { name: 'Run 1' });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Run 2', 'Run 1']);
    expect(within(items[0]).getByText('latest')).toBeInTheDocument();
    expect(within(first).getByText('rig-gone')).toBeInTheDocument();
    expect(within(first).getByText('a'.repeat(64))).toBeInTheDocument();
    expect(within(first).getByText(/firmware-x19 v1\.0\.0/)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Download log' })).toBeInTheDocument();
    expect(httpClient).toHaveBeenCalledWith('/client/firmware/firmwares/7/runs', { method: 'GET' });
  });

  it('offers each kept run’s file and attestation, and says when a file is no longer kept (issue 37)', async () => {
    setup('user', 'en', [
      run(3, {
        sha256: 'b'.repeat(64),
        file_size: 4096,
        download_path: `/api/files/firmwares/${UUID}?run=3`,
        attestation_path: `/api/files/firmwares/${UUID}/attestation?run=3`,
      }),
    ]);
    const kept = await screen.findByRole('listitem', { name: 'Run 3' });
    expect(within(kept).getByRole('link', { name: 'Download firmware' })).toHaveAttribute(
      'href',
      `/api/files/firmwares/${UUID}?run=3`,
    );
    expect(within(kept).getByRole('link', { name: 'Attestation' })).toHaveAttribute(
      'href',
      `/api/files/firmwares/${UUID}/attestation?run=3`,
    );
    const gone = screen.getByRole('listitem', { name: 'Run 1' });
    expect(within(gone).queryByRole('link', { name: 'Download firmware' })).toBeNull();
    expect(within(gone).getByText('File no longer kept')).toBeInTheDocument();
    const pending = screen.getByRole('listitem', { name: 'Run 2' });
    expect(within(pending).queryByRole('link', { name: 'Download firmware' })).toBeNull();
  });

  it('reads an admin’s from the admin path, and says it in Russian', async () => {
    await loadMessages('ru');
    const httpClient = setup('admin', 'ru');
    const first = await screen.findByRole('listitem', { name: 'Запуск 1' });
    expect(screen.getByText('История сборки')).toBeInTheDocument();
    expect(within(first).getByText('Агент')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Скачать лог' })).toBeInTheDocument();
    expect(httpClient).toHaveBeenCalledWith('/admin/firmwares/7/runs', { method: 'GET' });
  });
});
