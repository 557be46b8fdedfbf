import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/messages';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { QueueEstimate } from './QueueEstimate';

/** Today at 16:39 local time, as the server would send it. */
const todayAt1639 = () => {
  const date = new Date();
  date.setHours(16, 39, 0, 0);
  return date.toISOString();
};

// Issue 37: the queue's estimates read "16:39" while every other time of the console read "4:39 PM".
describe('QueueEstimate', () => {
  it('reads times as the rest of the console does in English', async () => {
    renderWithAdmin(<QueueEstimate item={{ status: 'in_progress', estimated_finish_at: todayAt1639() }} />);
    expect(await screen.findByText('done ≈ 4:39 PM')).toBeInTheDocument();
  });

  it('and in Russian', async () => {
    await loadMessages('ru');
    renderWithAdmin(<QueueEstimate item={{ status: 'in_progress', estimated_finish_at: todayAt1639() }} />, {
      locale: 'ru',
    });
    expect(await screen.findByText('готово ≈ 16:39')).toBeInTheDocument();
  });
});
