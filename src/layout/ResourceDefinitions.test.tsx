import { act, render, screen } from '@testing-library/react';
import { memo } from 'react';
import {
  type AuthProvider,
  type LayoutProps,
  ListBase,
  memoryStore,
  Resource,
  type ResourceDefinition,
  useResourceDefinitionContext,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../i18n/i18nProvider';
import { ConsoleAdmin } from './ConsoleAdmin';
import { ResourceDefinitions } from './ResourceDefinitions';

/** What a part reading the definitions saw at each of its renders, and the context it read last. */
let seen: string[][] = [];
let context: ReturnType<typeof useResourceDefinitionContext> | undefined;

/** Memoised, without props: only a change of the definitions' context renders it again. */
const Probe = memo(() => {
  context = useResourceDefinitionContext();
  seen.push(Object.keys(context.definitions));
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

const things: ResourceDefinition = {
  name: 'things',
  hasList: true,
  hasCreate: false,
  hasEdit: false,
  hasShow: false,
};

beforeEach(() => {
  seen = [];
  context = undefined;
});

describe('ResourceDefinitions', () => {
  it('keeps its definitions when a removal and an addition end where they began', () => {
    render(
      <ResourceDefinitions definitions={{ things }}>
        <Probe />
      </ResourceDefinitions>,
    );
    act(() => {
      context?.unregister(things);
      context?.register({ ...things });
    });
    expect(seen).toEqual([['things']]);
    act(() => context?.register({ ...things, name: 'others' }));
    expect(seen).toEqual([['things'], ['things', 'others']]);
    act(() => context?.unregister(things));
    expect(seen.at(-1)).toEqual(['others']);
  });
});

describe('ConsoleAdmin', () => {
  it("gives the resources' definitions at the first render, and registering them renders nothing again", async () => {
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
    expect(seen).toEqual([['things', 'others']]);
  });
});
