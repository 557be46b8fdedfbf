import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeToken } from '../authProvider/session';
import { reportConnection } from '../dataProvider/connectionStatus';
import { loadMessages } from '../i18n/messages';
import { createStore, STORE_KEYS } from '../layout/store';
import { AwaitingConsole, ShellSkeletonHost } from './ShellSkeleton';

const at = (path: string) => window.history.pushState(null, '', path);

describe('the console frame while the console loads', () => {
  beforeEach(() => {
    localStorage.clear();
    writeToken('a-token');
    at('/releases');
  });
  afterEach(() => at('/'));

  it("shows the page's title and subtitle while something awaits the console, and goes when nothing does", () => {
    const store = createStore();
    const { rerender } = render(
      <ShellSkeletonHost store={store}>
        <AwaitingConsole />
      </ShellSkeletonHost>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    expect(screen.getByText('Firmware versions per miner series')).toBeVisible();
    rerender(
      <ShellSkeletonHost store={store}>
        <main>the console</main>
      </ShellSkeletonHost>,
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('main')).toHaveTextContent('the console');
  });

  it('keeps the same frame, not a new one, while one waiting part follows another', () => {
    const store = createStore();
    const { rerender } = render(
      <ShellSkeletonHost store={store}>
        <AwaitingConsole key="the routed pages" />
      </ShellSkeletonHost>,
    );
    const first = screen.getByRole('heading', { level: 1 });
    rerender(
      <ShellSkeletonHost store={store}>
        <section>
          <AwaitingConsole key="the console's chunk" />
        </section>
      </ShellSkeletonHost>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toBe(first);
  });

  it('reads in the saved language and theme', async () => {
    const store = createStore();
    store.setItem(STORE_KEYS.locale, 'ru');
    store.setItem(STORE_KEYS.theme, 'dark');
    await loadMessages('ru');
    at('/firmwares/12/show');
    const { container } = render(
      <ShellSkeletonHost store={store}>
        <AwaitingConsole />
      </ShellSkeletonHost>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Прошивки' })).toBeVisible();
    expect(container.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'dark');
  });

  it("says so while the server cannot be reached (the console's code is tried again meanwhile)", () => {
    const store = createStore();
    render(
      <ShellSkeletonHost store={store}>
        <AwaitingConsole />
      </ShellSkeletonHost>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => reportConnection(false));
    expect(screen.getByRole('alert')).toHaveTextContent(/cannot be reached/i);
    act(() => reportConnection(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('draws nothing for a visitor without a token or on a public page', () => {
    const store = createStore();
    localStorage.clear();
    const { rerender } = render(
      <ShellSkeletonHost store={store}>
        <AwaitingConsole />
      </ShellSkeletonHost>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    writeToken('a-token');
    at('/forgot-password');
    rerender(
      <ShellSkeletonHost store={store}>
        <AwaitingConsole key="again" />
      </ShellSkeletonHost>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
