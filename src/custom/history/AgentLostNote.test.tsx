// Issue 17, item 2: a running task whose agent stopped answering says so, and when it goes back to the queue,
// instead of showing its last progress as if the build went on.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../dataProvider';
import type { HttpClient } from '../../dataProvider/httpClient';
import { loadMessages } from '../../i18n/messages';
import { TaskList } from '../../resources/tasks/TaskList';
import type { Task } from '../../resources/tasks/types';
import { renderWithAdmin } from '../../test/renderWithAdmin';

const at = (hours: number, minutes: number) => {
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date.toISOString();
};

const task = (id: number, extra: Partial<Task>): Task => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  group_id: 1,
  group_name: `Farm ${id}`,
  model: 'S19 Pro',
  series: 'x19',
  release_version: '1.0.0',
  status: 'in_progress',
  progress: 40,
  cancel_requested: false,
  queue_position: null,
  estimated_start_at: null,
  estimated_finish_at: null,
  attempts: 1,
  created_at: '2026-01-01T10:00:00Z',
  started_at: '2026-01-01T10:01:00Z',
  finished_at: null,
  worker_name: 'rig-a',
  is_favorite: false,
  user_id: 1,
  user_email: 'partner@example.com',
  ...extra,
});

function setup(locale: 'en' | 'ru') {
  const tasks = [
    task(1, { agent_lost: true, lease_until: at(12, 3) }),
    task(2, { agent_lost: false, lease_until: at(12, 9) }),
  ];
  const httpClient = vi.fn(async () => ({
    status: 200,
    headers: new Headers({ 'x-total-count': String(tasks.length) }),
    json: tasks,
  })) as unknown as HttpClient;
  renderWithAdmin(<TaskList />, {
    path: '/tasks',
    locale,
    dataProvider: createDataProvider(httpClient),
    httpClient,
  });
}

const rowOf = async (setName: string) => (await screen.findByText(setName)).closest('tr') as HTMLElement;

describe('TaskList: an agent lost mid-build', { timeout: 40_000 }, () => {
  it('says the agent stopped answering and when the build goes back to the queue', async () => {
    setup('en');
    const lost = await rowOf('Farm 1');
    expect(within(lost).getByRole('status')).toHaveTextContent(
      'Agent stopped answering — back in the queue at 12:03',
    );
    const fine = await rowOf('Farm 2');
    expect(within(fine).queryByText(/stopped answering/)).toBeNull();
  });

  it('says it in Russian', async () => {
    await loadMessages('ru');
    setup('ru');
    const lost = await rowOf('Farm 1');
    expect(within(lost).getByRole('status')).toHaveTextContent(
      'Агент не отвечает — вернётся в очередь в 12:03',
    );
  });
});
