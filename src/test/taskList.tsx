// The tasks list under test: tasks as the API lists them, the list rendered with them, and a set's row.
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { createDataProvider } from '../dataProvider';
import type { HttpClient } from '../dataProvider/httpClient';
import { TaskList } from '../resources/tasks/TaskList';
import type { Task } from '../resources/tasks/types';
import { renderWithAdmin } from './renderWithAdmin';

/** Task `id` of set "Farm `id`", pending unless `extra` says otherwise. */
export const taskOf = (id: number, extra: Partial<Task>): Task => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  group_id: 1,
  group_name: `Farm ${id}`,
  model: 'S19 Pro',
  platform: 'cvitek',
  install_type: 'sd',
  series: 'x19',
  release_version: '1.0.0',
  status: 'pending',
  progress: 0,
  cancel_requested: false,
  queue_position: null,
  estimated_start_at: null,
  estimated_finish_at: null,
  attempts: 0,
  created_at: '2026-01-01T10:00:00Z',
  started_at: null,
  finished_at: null,
  worker_name: null,
  is_favorite: false,
  user_id: 1,
  user_email: 'partner@example.com',
  ...extra,
});

/** The tasks list at /tasks in `locale`, the API answering `tasks`. */
export function renderTaskList(tasks: Task[], locale: 'en' | 'ru') {
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

/** The table row of the set named `setName`, once listed. */
export const rowOf = async (setName: string) =>
  (await screen.findByText(setName)).closest('tr') as HTMLElement;
