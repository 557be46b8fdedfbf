import { IconButton } from '@mui/material';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { HintTooltip, loadHintPopup } from './HintTooltip';

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

  // Whether a focus came from the keyboard is the browser's answer to `:focus-visible`, which the e2e layout test
  // checks in Chromium. jsdom guesses it from the events its document has seen, and the dom project keeps one
  // document per worker: in a whole run (CI, stop 50) a file before this one once left that guess false after a
  // Tab. Here the browser's answer is given, and what is tested is what the hint does with it.
  function focusVisible(visible: boolean) {
    const matches = HTMLElement.prototype.matches;
    const spy = vi.spyOn(HTMLElement.prototype, 'matches');
    spy.mockImplementation(function (this: HTMLElement, selector: string) {
      return selector === ':focus-visible' ? visible : matches.call(this, selector);
    });
    // Undone whatever the test's outcome: the next files share this document (one per worker).
    onTestFinished(() => spy.mockRestore());
  }

  /** A button with a hint whose focus the browser shows or not (`visible`), the hint's code already loaded. */
  async function settingsButton(visible: boolean) {
    const onFocus = vi.fn();
    focusVisible(visible);
    await loadHintPopup();
    render(
      <HintTooltip title="Settings">
        <IconButton onFocus={onFocus}>⚙</IconButton>
      </HintTooltip>,
    );
    return { onFocus, button: () => screen.getByRole('button', { name: 'Settings' }) };
  }

  it('shows the title on keyboard focus, and still calls the element’s own handlers', async () => {
    const { onFocus, button } = await settingsButton(true);
    await userEvent.tab();
    expect(button()).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Settings');
    // The element is not drawn anew when its hint appears: the focus stays on it.
    expect(button()).toHaveFocus();
    expect(onFocus).toHaveBeenCalledTimes(1);
  });

  it('shows no title on a focus the browser does not show (a click), and still calls the handlers', async () => {
    const { onFocus, button } = await settingsButton(false);
    button().focus();
    expect(button()).toHaveFocus();
    expect(onFocus).toHaveBeenCalledTimes(1);
    // The hint's code is loaded (settingsButton): a hint would be drawn at once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
