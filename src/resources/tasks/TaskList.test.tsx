// Issue 16 item 5: the tasks list shows a pending task's place in the queue and its expected start and finish,
// and a running task's expected finish, as the server computed them.
import { within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../i18n/dates';
import { loadMessages } from '../../i18n/messages';
import { renderTaskList, rowOf, taskOf } from '../../test/taskList';
import type { Task } from './types';

const soon = (minutes: number) => {
  const date = new Date();
  date.setHours(12, minutes, 0, 0);
  return date;
};

function setup(locale: 'en' | 'ru' = 'en') {
  const tasks: Task[] = [
    taskOf(1, {
      status: 'in_progress',
      progress: 40,
      attempts: 1,
      started_at: '2026-01-01T10:01:00Z',
      estimated_finish_at: soon(5).toISOString(),
    }),
    taskOf(2, {
      queue_position: 1,
      estimated_start_at: soon(5).toISOString(),
      estimated_finish_at: soon(20).toISOString(),
    }),
    taskOf(3, { queue_position: 2 }),
  ];
  renderTaskList(tasks, locale);
}

describe('TaskList: queue position and ETA', () => {
  it('shows a pending task’s place, expected start and finish, and a running one’s expected finish', async () => {
    setup();
    const pending = await rowOf('Farm 2');
    expect(within(pending).getByText('#1 in queue')).toBeInTheDocument();
    expect(within(pending).getByTestId('queue-estimate')).toHaveTextContent(
      `starts ≈ ${formatDate(soon(5), 'clock')} · done ≈ ${formatDate(soon(20), 'clock')}`,
    );
    const running = await rowOf('Farm 1');
    expect(within(running).getByTestId('queue-estimate')).toHaveTextContent(
      `done ≈ ${formatDate(soon(5), 'clock')}`,
    );
    // No estimate from the server (nothing built yet, no agent online): the place alone.
    const unknown = await rowOf('Farm 3');
    expect(within(unknown).getByText('#2 in queue')).toBeInTheDocument();
    expect(within(unknown).queryByTestId('queue-estimate')).toBeNull();
  });

  // Issue 37, §4: below 1536 px the platform column gives way, and the set cell names platform and install type.
  it('names each task’s platform and install type in its set cell', async () => {
    setup();
    const row = await rowOf('Farm 2');
    const task = taskOf(2, {});
    expect(within(row).getByTestId('task-platform')).toHaveTextContent(
      `${task.platform} · ${task.install_type}`,
    );
  });

  it('says it in Russian', async () => {
    await loadMessages('ru');
    setup('ru');
    const pending = await rowOf('Farm 2');
    expect(within(pending).getByText('1-я в очереди')).toBeInTheDocument();
    expect(within(pending).getByTestId('queue-estimate')).toHaveTextContent(
      `начало ≈ ${format(soon(5), 'HH:mm')} · готово ≈ ${format(soon(20), 'HH:mm')}`,
    );
  });
});
