import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILD_STATUSES } from '../../../contract/statuses';
import { loadMessages } from '../../i18n/messages';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { BuildProgress, BuildStatusChip } from './StatusChips';

const chip = (status: (typeof BUILD_STATUSES)[number]) => (
  <BuildStatusChip build={{ status, progress: 40, is_removed: false }} />
);

describe('a build’s status chip', () => {
  it('shows a cancelled build as cancelled, not as pending', () => {
    renderWithAdmin(chip('cancelled'));
    const label = screen.getByText('cancelled');
    const root = label.closest('.MuiChip-root') as HTMLElement;
    expect(root.querySelector('[data-testid="DoNotDisturbAltIcon"]')).not.toBeNull();
    expect(root.querySelector('[data-testid="HourglassEmptyIcon"]')).toBeNull();
    expect(screen.queryByText('pending')).not.toBeInTheDocument();
  });

  it.each(['en', 'ru'] as const)(
    'names every status of the contract in %s, each with its own icon',
    async (locale) => {
      await loadMessages(locale);
      const icons = new Set<string>();
      for (const status of BUILD_STATUSES) {
        const { container, unmount } = renderWithAdmin(chip(status), { locale });
        expect(container.textContent).not.toMatch(/resources\.firmwares/);
        icons.add(container.querySelector('svg')?.getAttribute('data-testid') ?? '');
        unmount();
      }
      expect(icons.size).toBe(BUILD_STATUSES.length);
    },
  );

  it('reads “отменена” for a cancelled build in Russian', async () => {
    await loadMessages('ru');
    renderWithAdmin(chip('cancelled'), { locale: 'ru' });
    expect(screen.getByText('отменена')).toBeInTheDocument();
  });

  // Issue 40: the bar of a build waiting or being built was named "progress" in every language.
  it.each([
    ['en', 'Progress'],
    ['ru', 'Прогресс'],
  ] as const)('names a waiting build’s progress bar in %s', async (locale, name) => {
    await loadMessages(locale);
    renderWithAdmin(<BuildProgress build={{ status: 'pending', progress: 0 }} />, { locale });
    expect(screen.getByRole('progressbar', { name })).toBeInTheDocument();
  });
});
