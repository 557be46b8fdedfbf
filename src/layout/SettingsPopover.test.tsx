import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeToken } from '../authProvider/session';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { SettingsContent } from './SettingsPopover';

describe('settings popover', () => {
  beforeEach(() => localStorage.clear());

  it('switches the theme between light, dark and auto', async () => {
    const user = userEvent.setup();
    const { store } = renderWithAdmin(<SettingsContent />);
    expect(await screen.findByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(store.getItem('theme')).toBe('dark');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true'),
    );
    await user.click(screen.getByRole('button', { name: 'Auto' }));
    expect(store.getItem('theme')).toBeUndefined();
  });

  it('steps the scale up and down and resets it', async () => {
    const user = userEvent.setup();
    const { store } = renderWithAdmin(<SettingsContent />);
    await user.click(await screen.findByRole('button', { name: 'Increase scale' }));
    expect(store.getItem('app.scale')).toBe(1.2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Increase scale' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(store.getItem('app.scale')).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Decrease scale' }));
    expect(store.getItem('app.scale')).toBe(0.8);
  });

  it('changes the language and tells the server when signed in', async () => {
    writeToken('jwt');
    const user = userEvent.setup();
    const { store, httpClient } = renderWithAdmin(<SettingsContent />);
    await user.click(await screen.findByRole('button', { name: 'Русский' }));
    expect(store.getItem('locale')).toBe('ru');
    expect(httpClient).toHaveBeenCalledWith('/client/account/info', {
      method: 'PATCH',
      body: { language: 'ru' },
    });
    expect(await screen.findByText('Тема')).toBeInTheDocument();
  });

  it('offers show removed to admins only', async () => {
    renderWithAdmin(<SettingsContent />, { role: 'user' });
    await screen.findByRole('button', { name: 'Dark' });
    expect(screen.queryByLabelText('Show removed')).not.toBeInTheDocument();

    const user = userEvent.setup();
    const { store } = renderWithAdmin(<SettingsContent />, { role: 'admin' });
    await user.click(await screen.findByLabelText('Show removed'));
    expect(store.getItem('app.showRemoved')).toBe(true);
  });
});
