import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../dataProvider/httpClient';
import { stopSchedulers } from '../dataProvider/schedulers';
import { putDocumentIcon, removeDocumentIcons } from '../test/documentIcon';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { MyTasksButton } from './MyTasksButton';
import { ADMIN_TASK_STATUS_PATH, TASK_STATUS_PATH, TaskPolling, useTaskStatus } from './useTaskCounters';

const AllInProgress = () => (
  <output aria-label="all in progress">{useTaskStatus().all?.in_progress ?? '-'}</output>
);

function setup(
  role: 'admin' | 'user',
  answers: Record<string, unknown> = {
    [TASK_STATUS_PATH]: { pending: 3, in_progress: 12, failed: 100_000 },
    [ADMIN_TASK_STATUS_PATH]: { pending: 40, in_progress: 77, failed: 5 },
  },
) {
  const httpClient = vi.fn(async (path: string) => ({
    status: 200,
    headers: new Headers(),
    json: answers[path],
  }));
  putDocumentIcon();
  renderWithAdmin(
    <>
      <TaskPolling />
      <MyTasksButton />
      <AllInProgress />
    </>,
    { role, httpClient: httpClient as unknown as HttpClient },
  );
  return { httpClient };
}

const icon = () => decodeURIComponent(document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '');

describe('MyTasksButton', () => {
  afterEach(() => {
    stopSchedulers();
    removeDocumentIcons();
  });

  it('shows the polled counters, capped at 99999, leads to the my tab and numbers the page icon', async () => {
    const { httpClient } = setup('user');
    expect(await screen.findByLabelText('Pending: 3')).toHaveTextContent('3');
    expect(screen.getByLabelText('In progress: 12')).toHaveTextContent('12');
    expect(screen.getByLabelText('Failed: 100000')).toHaveTextContent('99999+');
    expect(screen.getByRole('link', { name: /My tasks/ })).toHaveAttribute('href', '/tasks?tab=my');
    // Issue 37: a screen reader reads what each counter counts, not "0 0 0".
    expect(screen.getByRole('img', { name: 'Pending: 3' })).toBeInTheDocument();
    expect(
      // jsdom joins the flex items' names without the spaces a browser puts between them.
      screen.getByRole('link', { name: /^My tasks\s*Pending: 3\s*In progress: 12\s*Failed: 100000$/ }),
    ).toBeVisible();
    await waitFor(() => expect(icon()).toContain('>10</text>'));
    expect(httpClient.mock.calls.map(([path]) => path)).toEqual([TASK_STATUS_PATH]);
    expect(screen.getByLabelText('all in progress')).toHaveTextContent('-');
  });

  it("gives admins their own counters on the button and everyone's for the all-tasks badge", async () => {
    const { httpClient } = setup('admin');
    await waitFor(() => expect(screen.getByLabelText('all in progress')).toHaveTextContent('77'));
    expect(screen.getByLabelText('Pending: 3')).toBeInTheDocument();
    expect(httpClient.mock.calls.map(([path]) => path).sort()).toEqual([
      ADMIN_TASK_STATUS_PATH,
      TASK_STATUS_PATH,
    ]);
  });

  it("numbers an admin's page icon with every partner's running builds, not only the admin's own (issue 17)", async () => {
    setup('admin', {
      [TASK_STATUS_PATH]: { pending: 0, in_progress: 0, failed: 0 },
      [ADMIN_TASK_STATUS_PATH]: { pending: 2, in_progress: 4, failed: 0 },
    });
    await waitFor(() => expect(screen.getByLabelText('all in progress')).toHaveTextContent('4'));
    await waitFor(() => expect(icon()).toContain('>4</text>'));
    expect(screen.getByLabelText('In progress: 0')).toBeInTheDocument();
  });
});
