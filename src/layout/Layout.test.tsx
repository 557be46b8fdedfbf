import { act, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import type { I18nProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, writeToken } from '../authProvider/session';
import { createI18nProvider } from '../i18n/i18nProvider';
import { renderWithAdmin } from '../test/renderWithAdmin';
import { Layout } from './Layout';

/** Every key translated, in order: a part that renders again translates its labels again. */
let translated: string[] = [];
const english = createI18nProvider('en');
const counting: I18nProvider = {
  ...english,
  translate: (key, options) => {
    translated.push(key);
    return english.translate(key, options);
  },
};

/** The layout with a page, as react-admin's routes render it: again, with new children, when their state changes. */
let showPage: (page: number) => void = () => {};
const Routes = () => {
  const [page, setPage] = useState(1);
  showPage = setPage;
  return (
    <Layout>
      <p>page {page}</p>
    </Layout>
  );
};

const times = (key: string) => translated.filter((k) => k === key).length;

afterEach(() => {
  clearToken();
  translated = [];
});

describe('Layout', () => {
  it('keeps the header as drawn when react-admin renders the layout again with a new page', async () => {
    writeToken('jwt');
    renderWithAdmin(<Routes />, { role: 'user', path: '/releases', i18nProvider: counting });
    await screen.findByText('page 1');
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
    const settings = times('app.user_menu.settings');
    const myTasks = times('app.header.my_tasks');
    expect(settings).toBeGreaterThan(0);

    act(() => showPage(2));
    expect(await screen.findByText('page 2')).toBeInTheDocument();
    expect(times('app.user_menu.settings')).toBe(settings);
    expect(times('app.header.my_tasks')).toBe(myTasks);
  });

  it('sets no state while it commits (each would be one more synchronous render of the header in the same task)', async () => {
    writeToken('jwt');
    const phases: string[] = [];
    renderWithAdmin(
      <Profiler id="shell" onRender={(_id, phase) => phases.push(phase)}>
        <Routes />
      </Profiler>,
      { role: 'user', path: '/releases', i18nProvider: english },
    );
    await screen.findByText('page 1');
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^(Open|Close) menu$/ })).toBeInTheDocument();
    expect(phases).toContain('mount');
    expect(phases).not.toContain('nested-update');
  });

  it('reads no scroll position nor size as it mounts (the browser would lay the new shell out inside the task drawing it)', async () => {
    writeToken('jwt');
    const reads: string[] = [];
    const spy = (target: object, name: string) => {
      Object.defineProperty(target, name, {
        configurable: true,
        get: () => {
          reads.push(name);
          return 0;
        },
      });
    };
    spy(window, 'pageYOffset');
    spy(document.body, 'clientWidth');
    try {
      renderWithAdmin(<Routes />, { role: 'user', path: '/releases', i18nProvider: english });
      await screen.findByText('page 1');
      expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
      expect(document.querySelector('.RaSidebar-fixed')).not.toBeNull();
      expect(reads).toEqual([]);
    } finally {
      Reflect.deleteProperty(window, 'pageYOffset');
      Reflect.deleteProperty(document.body, 'clientWidth');
    }
  });
});
