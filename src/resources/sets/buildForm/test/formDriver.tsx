import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore, Notification, type Store } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { Role } from '../../../../../contract/roles';
import { fakeAuthProvider, renderWithAdmin } from '../../../../test/renderWithAdmin';
import { BuildFormPage } from '../BuildFormPage';
import { fakeApi } from './fakeApi';

/** Drives the build form in jsdom as a partner would: renders it at a route, picks options, fills pools. */
export const MINIMUMS = [{ series: 'x19', min_dev_fee: 1, min_total_fee: 3, user_id: 2 }];

export function renderForm({
  role = 'user' as Role,
  path = '/firmwares/10/build',
  api = fakeApi(role),
  setPage = <p>the set page</p>,
  store = memoryStore() as Store,
  accountId = 2,
} = {}) {
  const authProvider = {
    ...fakeAuthProvider(role),
    getIdentity: async () => ({ id: accountId, fullName: 'partner', account: { fee: MINIMUMS } }),
  };
  const view = renderWithAdmin(
    <>
      <Routes>
        <Route path="/firmwares/:id/build" element={<BuildFormPage />} />
        <Route path="/firmwares/:id" element={setPage} />
      </Routes>
      <Notification />
    </>,
    { role, path, dataProvider: api.dataProvider, httpClient: api.httpClient, authProvider, store },
  );
  return Object.assign(api, { unmount: view.unmount, store });
}

/** A set page that never finishes loading: navigation to it keeps the form on screen. */
export const SlowSetPage = () => {
  throw new Promise(() => undefined);
};

export const user = () => userEvent.setup({ delay: null });
export const slow = { timeout: 30_000 };
export type User = ReturnType<typeof user>;

export const combobox = (name: RegExp) => screen.findByRole('combobox', { name }, slow);
export async function options(u: User, name: RegExp) {
  await u.click(await combobox(name));
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((o) => o.textContent?.trim() ?? '')
    .filter(Boolean);
  return names;
}
export async function choose(u: User, name: RegExp, option: string) {
  await u.click(await combobox(name));
  await u.click(await screen.findByRole('option', { name: option }));
}
export const pool = (prefix: string) => screen.getByTestId(`pool-${prefix}`);
export const submit = async (u: User) => u.click(screen.getByRole('button', { name: 'Build firmware' }));

export async function fillFirmware(u: User) {
  await choose(u, /^Series/, 'x19');
  await choose(u, /^Model/, 'S19');
  await choose(u, /^Platform/, 'amlogic');
  await choose(u, /^Install type/, 'nand');
  await choose(u, /^License/, 'Europe · EU Standard');
}

/** Sets inputs of a pool at once (typing each key into a form this size is slow in jsdom). */
export async function fillPool(_: User, prefix: string, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(pool(prefix)).getByLabelText(new RegExp(`^${label}`));
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
}
