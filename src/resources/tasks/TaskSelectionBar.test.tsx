import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataProvider, memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { TaskSelectionBar } from './TaskSelectionBar';
import { tasksStoreKey } from './tasksListState';

function setup(selected: number[]) {
  const store = memoryStore({ [`${tasksStoreKey('my')}.selectedIds`]: selected });
  const deleteMany = vi.fn(async (_resource: string, params: { ids: unknown[] }) => ({ data: params.ids }));
  const dataProvider = { deleteMany } as unknown as DataProvider;
  renderWithAdmin(<TaskSelectionBar tab="my" />, { store, dataProvider, path: '/tasks' });
  return { deleteMany, store };
}

describe('TaskSelectionBar', () => {
  it('shows nothing while no task is selected', () => {
    setup([]);
    expect(screen.queryByRole('button', { name: 'Remove tasks' })).not.toBeInTheDocument();
  });

  it('shows the count of selected tasks, capped at 99', () => {
    setup([1, 2, 3]);
    expect(screen.getByRole('button', { name: 'Clear selection (3 selected)' })).toHaveTextContent(
      '3 selected',
    );
  });

  it('reads 99+ above 99 selected tasks', () => {
    setup(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(screen.getByRole('button', { name: /Clear selection/ })).toHaveTextContent('99+ selected');
  });

  it('clears the selection', async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = setup([4, 5]);
    await user.click(screen.getByRole('button', { name: /Clear selection/ }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove tasks' })).not.toBeInTheDocument(),
    );
    expect(store.getItem(`${tasksStoreKey('my')}.selectedIds`)).toEqual([]);
  });

  it("removes the selected tasks after a confirmation with the danger button 'remove tasks'", async () => {
    const user = userEvent.setup({ delay: null });
    const { deleteMany } = setup([4, 5, 9]);
    const remove = screen.getByRole('button', { name: 'Remove tasks' });
    expect(remove.className).toMatch(/colorError/);
    await user.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove 3 selected tasks?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove tasks' }));
    await waitFor(() => expect(deleteMany).toHaveBeenCalledTimes(1));
    expect(deleteMany.mock.calls[0][0]).toBe('tasks');
    expect(deleteMany.mock.calls[0][1]).toMatchObject({ ids: [4, 5, 9] });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Clear selection/ })).not.toBeInTheDocument(),
    );
  });
});
