import { IconButton } from '@mui/material';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HintTooltip } from './HintTooltip';

describe('HintTooltip', () => {
  it('names its element by the title before it is ever shown, as the Tooltip does', () => {
    render(
      <HintTooltip title="Remove">
        <IconButton>×</IconButton>
      </HintTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps a label of its own, and adds none when the title describes the element', () => {
    render(
      <>
        <HintTooltip title="Remove the release">
          <IconButton aria-label="Remove">×</IconButton>
        </HintTooltip>
        <HintTooltip title="1 March 2026, 10:00" describeChild>
          <span>1 Mar</span>
        </HintTooltip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByText('1 Mar')).not.toHaveAttribute('aria-label');
  });

  it('shows the title on the first hover, hides it when the pointer leaves, and shows it again', async () => {
    render(
      <HintTooltip title="Edit">
        <IconButton>✎</IconButton>
      </HintTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Edit' });
    fireEvent.mouseEnter(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    fireEvent.mouseEnter(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
  });

  it('shows the title on keyboard focus, and still calls the element’s own handlers', async () => {
    const onFocus = vi.fn();
    render(
      <HintTooltip title="Settings">
        <IconButton onFocus={onFocus}>⚙</IconButton>
      </HintTooltip>,
    );
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Settings');
    // The element is not drawn anew when its hint appears: the focus stays on it.
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
    expect(onFocus).toHaveBeenCalledTimes(1);
  });
});
