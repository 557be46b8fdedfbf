// Issue 17, item 2: a running task whose agent stopped answering says so, and when it goes back to the queue,
// instead of showing its last progress as if the build went on.
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { renderTaskList, rowOf, taskOf } from '../../../test/taskList';
import type { Task } from '../../tasks/types';

const at = (hours: number, minutes: number) => {
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date.toISOString();
};

/** A running task of set "Farm `id`", on agent rig-a. */
const task = (id: number, extra: Partial<Task>): Task =>
  taskOf(id, {
    status: 'in_progress',
    progress: 40,
    attempts: 1,
    started_at: '2026-01-01T10:01:00Z',
    worker_name: 'rig-a',
    ...extra,
  });

function setup(locale: 'en' | 'ru') {
  const tasks = [
    task(1, { agent_lost: true, lease_until: at(12, 3) }),
    task(2, { agent_lost: false, lease_until: at(12, 9) }),
  ];
  renderTaskList(tasks, locale);
}

describe('TaskList: an agent lost mid-build', () => {
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
