// The yardstick of bench/browser.ts: react-admin as its documentation's first example sets it up — <Admin> with
// an auth provider, a data provider and one list with its default login page — and nothing of ours.
// Built by bench/bare/vite.config.ts into bench/bare/dist and served by the console's own server (SPA_DIR), so
// both apps reach the browser the same way (precompressed, same headers).

import {
  Admin,
  type AuthProvider,
  Datagrid,
  type DataProvider,
  DateField,
  List,
  Resource,
  TextField,
} from 'react-admin';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

const rows = ['x19', 'x21', 'l7', 'l9'].map((series, id) => ({
  id,
  version: '1.0.0',
  stage: 'stable',
  series,
  date: '2026-08-24',
}));

const authProvider: AuthProvider = {
  login: async () => localStorage.setItem('bare.signedIn', '1'),
  logout: async () => localStorage.removeItem('bare.signedIn'),
  checkAuth: async () => {
    if (!localStorage.getItem('bare.signedIn')) throw new Error('signed out');
  },
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

const dataProvider = {
  getList: async () => ({ data: rows, total: rows.length }),
  getOne: async (_resource: string, { id }: { id: number }) => ({ data: rows[id] }),
  getMany: async () => ({ data: rows }),
  getManyReference: async () => ({ data: rows, total: rows.length }),
} as unknown as DataProvider;

const ReleaseList = () => (
  <List>
    <Datagrid bulkActionButtons={false}>
      <TextField source="version" />
      <TextField source="stage" />
      <TextField source="series" />
      <DateField source="date" />
    </Datagrid>
  </List>
);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    // Paths as the console has them (/login, /releases), not react-admin's default hash router.
    <BrowserRouter>
      <Admin authProvider={authProvider} dataProvider={dataProvider}>
        <Resource name="releases" list={ReleaseList} />
      </Admin>
    </BrowserRouter>,
  );
