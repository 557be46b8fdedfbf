import { act, render, screen } from '@testing-library/react';
import { memo } from 'react';
import {
  type AuthProvider,
  type LayoutProps,
  ListBase,
  memoryStore,
  Resource,
  useResourceDefinitionContext,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../i18n/i18nProvider';
import { ConsoleAdmin } from './ConsoleAdmin';

/** What a part reading the definitions saw at each of its renders. */
let seen: string[][] = [];

/** Memoised, without props: only a change of the definitions' context renders it again. */
const Probe = memo(() => {
  seen.push(Object.keys(useResourceDefinitionContext().definitions));
  return null;
});

const ProbedLayout = ({ children }: LayoutProps) => (
  <>
    <Probe />
    {children}
  </>
);

const ThingList = () => (
  <ListBase>
    <p>the things</p>
  </ListBase>
);

beforeEach(() => {
  seen = [];
});

describe('ConsoleAdmin', () => {
  it("gives the resources' definitions from the first render on, and keeps them as given", async () => {
    const authProvider: AuthProvider = {
      login: async () => {},
      logout: async () => {},
      checkAuth: async () => {},
      checkError: async () => {},
      getPermissions: async () => 'admin',
      canAccess: async () => true,
    };
    const dataProvider = { getList: async () => ({ data: [], total: 0 }) };
    render(
      <MemoryRouter initialEntries={['/things']}>
        <ConsoleAdmin
          authProvider={authProvider}
          dataProvider={dataProvider as never}
          i18nProvider={createI18nProvider('en')}
          store={memoryStore()}
          layout={ProbedLayout}
        >
          <Resource name="things" list={ThingList} />
          <Resource name="others" list={ThingList} />
        </ConsoleAdmin>
      </MemoryRouter>,
    );
    expect(await screen.findByText('the things')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // react-admin registers them again after its first render (each removed, then added back, and again once the
    // permissions arrive); the part reading them is not drawn again for it.
    expect(seen).toEqual([['things', 'others']]);
  });
});
