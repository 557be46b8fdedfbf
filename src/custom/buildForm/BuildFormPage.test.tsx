import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../authProvider/canAccess';
import { fakeAuthProvider, renderWithAdmin } from '../../test/renderWithAdmin';
import { BuildFormPage } from './BuildFormPage';
import { fakeApi, validationError } from './test/fakeApi';

const MINIMUMS = [{ series: 'x19', min_dev_fee: 1, min_total_fee: 3, user_id: 2 }];

function renderForm({
  role = 'user' as Role,
  path = '/firmwares/10/build',
  api = fakeApi(role),
  setPage = <p>the set page</p>,
} = {}) {
  const authProvider = {
    ...fakeAuthProvider(role),
    getIdentity: async () => ({ id: 2, fullName: 'partner', account: { fee: MINIMUMS } }),
  };
  renderWithAdmin(
    <>
      <Routes>
        <Route path="/firmwares/:id/build" element={<BuildFormPage />} />
        <Route path="/firmwares/:id" element={setPage} />
      </Routes>
      <Notification />
    </>,
    { role, path, dataProvider: api.dataProvider, httpClient: api.httpClient, authProvider },
  );
  return api;
}

/** A set page that never finishes loading: navigation to it keeps the form on screen. */
const SlowSetPage = () => {
  throw new Promise(() => undefined);
};

const user = () => userEvent.setup({ delay: null });
const slow = { timeout: 10_000 };
type User = ReturnType<typeof user>;

const combobox = (name: RegExp) => screen.findByRole('combobox', { name }, slow);
async function options(u: User, name: RegExp) {
  await u.click(await combobox(name));
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((o) => o.textContent?.trim() ?? '')
    .filter(Boolean);
  return names;
}
async function choose(u: User, name: RegExp, option: string) {
  await u.click(await combobox(name));
  await u.click(await screen.findByRole('option', { name: option }));
}
const pool = (prefix: string) => screen.getByTestId(`pool-${prefix}`);
const submit = async (u: User) => u.click(screen.getByRole('button', { name: 'Build firmware' }));

async function fillFirmware(u: User) {
  await choose(u, /^Series/, 'x19');
  await choose(u, /^Model/, 'S19');
  await choose(u, /^Platform/, 'amlogic');
  await choose(u, /^Install type/, 'nand');
  await choose(u, /^License/, 'Europe · EU Standard');
}

/** Sets inputs of a pool at once (typing each key into a form this size is slow in jsdom). */
async function fillPool(_: User, prefix: string, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(pool(prefix)).getByLabelText(new RegExp(`^${label}`));
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
}

describe('the build form', { timeout: 120_000 }, () => {
  it('cascades series → model → platform → install type and picks the newest release of the subset', async () => {
    const u = user();
    renderForm();
    expect(await options(u, /^Series/)).toEqual(['x19', 'x21']);
    await u.click(screen.getByRole('option', { name: 'x19' }));
    // T19 is blocked; x17 is hidden from partners.
    expect(await options(u, /^Model/)).toEqual(['S19', 'S19 Pro']);
    await u.click(screen.getByRole('option', { name: 'S19' }));
    expect(await options(u, /^Platform/)).toEqual(['amlogic', 'cvitek']);
    await u.click(screen.getByRole('option', { name: 'cvitek' }));
    // cvitek has one install type: it is taken.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Install type/ })).toHaveTextContent('sd'),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Release/ })).toHaveTextContent('1.3 · prerelease'),
    );
    await u.click(screen.getByRole('button', { name: 'test' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Release/ })).toHaveTextContent('1.4 · beta'),
    );
    // Another model with a single combination clears and refills what no longer fits.
    await choose(u, /^Model/, 'S19 Pro');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Platform/ })).toHaveTextContent('xilinx'),
    );
    expect(screen.getByRole('combobox', { name: /^Install type/ })).toHaveTextContent('upgrade');
  });

  it('shows the spec’s messages and sends nothing while the form is invalid', async () => {
    const u = user();
    const api = renderForm();
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    // The DevFee worker comes from the set's name, its fee is 2.
    expect(within(pool('devfee_pool_config')).getByLabelText(/^Worker/)).toHaveValue('Northfarm');
    expect(within(pool('devfee_pool_config')).getByLabelText(/^Fee/)).toHaveValue(2);
    await submit(u);
    expect(await screen.findByText('Model series is required')).toBeInTheDocument();
    expect(screen.getByText('Pool is required')).toBeInTheDocument();
    expect(screen.getByText('Account is required')).toBeInTheDocument();

    await fillFirmware(u);
    await fillPool(u, 'devfee_pool_config', {
      'Pool url': 'http://pool',
      Account: 'my_acc',
      Worker: 'ab',
      'Fee, %': '0.5',
    });
    await u.click(screen.getByRole('button', { name: /^Add fee pool/ }));
    await fillPool(u, 'fee_pools_configs.0', { 'Fee, %': '2.555' });
    await submit(u);
    expect(await screen.findByText('Must be a valid url')).toBeInTheDocument();
    expect(screen.getByText('Only letters, numbers and dot')).toBeInTheDocument();
    expect(screen.getAllByText('Minimum 3 characters').length).toBeGreaterThan(0);
    // The partner's minimum DevFee for x19 is 1.
    expect(screen.getByText('Cannot be less than 1')).toBeInTheDocument();
    expect(screen.getByText('Maximum 2 decimal places')).toBeInTheDocument();

    await fillPool(u, 'fee_pools_configs.0', { 'Fee, %': '99.9' });
    expect(await screen.findByText('Total fee cannot be more than 100')).toBeInTheDocument();
    await fillPool(u, 'fee_pools_configs.0', { 'Fee, %': '101' });
    await submit(u);
    expect(await screen.findByText('Enter a value from 0 to 100')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('holds a series without a fee record to the default minimum DevFee, as the server does', async () => {
    const u = user();
    const api = renderForm();
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    // The partner has minimums for x19 only.
    await choose(u, /^Series/, 'x21');
    await choose(u, /^Model/, 'S21');
    await choose(u, /^License/, 'Europe · EU Standard');
    await fillPool(u, 'devfee_pool_config', {
      'Pool url': 'stratum+tcp://dev.example.com:3333',
      Account: 'dev',
      'Fee, %': '1',
    });
    await submit(u);
    expect(await within(pool('devfee_pool_config')).findByText('Cannot be less than 2')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('adds and removes fee pools: a removed pool’s slot is cleared and the later ones move up', async () => {
    const u = user();
    renderForm();
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    await u.click(screen.getByRole('button', { name: 'Add fee pool (0 of 5)' }));
    await u.click(screen.getByRole('button', { name: 'Add fee pool (1 of 5)' }));
    await fillPool(u, 'fee_pools_configs.0', { Worker: 'first' });
    await fillPool(u, 'fee_pools_configs.1', { Worker: 'second' });
    await u.click(within(pool('fee_pools_configs.0')).getByRole('button', { name: /^Remove pool/ }));
    expect(screen.queryByTestId('pool-fee_pools_configs.1')).not.toBeInTheDocument();
    expect(within(pool('fee_pools_configs.0')).getByLabelText(/^Worker/)).toHaveValue('second');
    expect(screen.getByRole('button', { name: 'Add fee pool (1 of 5)' })).toBeInTheDocument();
    // Resetting the pools keeps the DevFee worker.
    await fillPool(u, 'devfee_pool_config', { Worker: 'keepme' });
    await u.click(screen.getByRole('button', { name: 'Reset pools' }));
    expect(screen.queryByTestId('pool-fee_pools_configs.0')).not.toBeInTheDocument();
    expect(within(pool('devfee_pool_config')).getByLabelText(/^Worker/)).toHaveValue('keepme');
  });

  it('posts the build with its pools and goes back to the set', async () => {
    const u = user();
    const api = renderForm();
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    await fillFirmware(u);
    await fillPool(u, 'devfee_pool_config', {
      'Pool url': 'stratum+tcp://dev.example.com:3333',
      Account: 'dev.acc',
    });
    await u.click(screen.getByRole('button', { name: /^Add fee pool/ }));
    await fillPool(u, 'fee_pools_configs.0', {
      'Pool url': 'stratum+tcp://main.example.com:3333',
      Account: 'main',
      Worker: 'rig01',
      'Fee, %': '1.25',
    });
    await submit(u);
    expect(await screen.findByText('the set page', {}, slow)).toBeInTheDocument();
    const [post] = api.writes();
    expect(post).toMatchObject({ method: 'POST', path: '/client/firmware/firmwares' });
    expect(post.body).toEqual({
      group_id: 10,
      model: 'S19',
      platform: 'amlogic',
      install_type: 'nand',
      release_id: 3,
      license_id: 5,
      add_license: true,
      ssh_keys: [3],
      logo_id: 1,
      fee_pools_configs: [
        {
          alias: '',
          url: 'stratum+tcp://dev.example.com:3333',
          account: 'dev.acc',
          worker: 'Northfarm',
          fee: 2,
          fake_fee: null,
          hidden: false,
          type_fee_pool: 'devfee',
        },
        {
          alias: '',
          url: 'stratum+tcp://main.example.com:3333',
          account: 'main',
          worker: 'rig01',
          fee: 1.25,
          fake_fee: null,
          hidden: false,
          type_fee_pool: 'fee',
        },
      ],
    });
  });

  // Issue 15, item 1: the button came back for ~300 ms after the build was accepted, and a second click made a
  // second build. One key per visit of the form now goes with every submission, and the button stays disabled.
  it('sends one Idempotency-Key per visit and keeps the button disabled once the build is accepted', async () => {
    const u = user();
    let attempts = 0;
    const api = fakeApi('user', {
      handlers: {
        'POST /client/firmware/firmwares': ({ body }) => {
          attempts += 1;
          if (attempts === 1)
            throw validationError([
              { loc: ['body', 'fee_pools_configs', 0, 'worker'], msg: 'Worker is taken' },
            ]);
          return { ...(body as object), id: 99 };
        },
      },
    });
    // The set page is slow to load: the form stays on screen meanwhile.
    renderForm({ api, setPage: <SlowSetPage /> });
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    await fillFirmware(u);
    await fillPool(u, 'devfee_pool_config', {
      'Pool url': 'stratum+tcp://dev.example.com:3333',
      Account: 'dev',
      'Fee, %': '3',
    });
    await submit(u);
    await within(pool('devfee_pool_config')).findByText('Worker is taken', {}, slow);
    await submit(u);
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    const [first, second] = api.writes();
    expect(first.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    const button = screen.getByRole('button', { name: 'Build firmware' });
    await waitFor(() => expect(button).toBeDisabled());
    fireEvent.click(button);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.writes()).toHaveLength(2);
  });

  it('puts the server’s 422 messages under their inputs', async () => {
    const u = user();
    const api = fakeApi('user', {
      handlers: {
        'POST /client/firmware/firmwares': () => {
          throw validationError([
            { loc: ['body', 'fee_pools_configs', 0, 'worker'], msg: 'Worker is taken' },
          ]);
        },
      },
    });
    renderForm({ api });
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    await fillFirmware(u);
    // Below the partner's minimum total fee (3) nothing is sent.
    await fillPool(u, 'devfee_pool_config', {
      'Pool url': 'stratum+tcp://dev.example.com:3333',
      Account: 'dev',
    });
    await submit(u);
    expect(await screen.findByText('Cannot be less than 3')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await fillPool(u, 'devfee_pool_config', { 'Fee, %': '3' });
    await submit(u);
    expect(
      await within(pool('devfee_pool_config')).findByText('Worker is taken', {}, slow),
    ).toBeInTheDocument();
  });

  it('from an existing build: everything prefilled, saving sends only what changed', async () => {
    const u = user();
    const api = renderForm({ path: '/firmwares/10/build?firmware_id=100' });
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: /^Release/ })).toHaveTextContent('1.4 · beta'),
      slow,
    );
    expect(screen.getByRole('combobox', { name: /^Model/ })).toHaveTextContent('S19');
    expect(screen.getByRole('combobox', { name: /^Install type/ })).toHaveTextContent('nand');
    expect(within(pool('fee_pools_configs.0')).getByLabelText(/^Worker/)).toHaveValue('rig1');
    expect(screen.getByRole('radio', { name: 'Logo for this build' })).toBeChecked();
    await choose(u, /^Install type/, 'sd');
    await u.click(screen.getByRole('button', { name: 'Save and rebuild' }));
    expect(await screen.findByText('the set page', {}, slow)).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: '/client/firmware/firmwares/100', query: {}, body: { install_type: 'sd' } },
    ]);
  });

  it('copies the pools of another build and keeps the DevFee worker', async () => {
    const u = user();
    renderForm();
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    await fillPool(u, 'devfee_pool_config', { Worker: 'mine' });
    await u.click(screen.getByRole('button', { name: 'Duplicate pool settings from another set' }));
    const dialog = await screen.findByRole('dialog');
    // The set being built for is offered first; its build lists its pools.
    await u.click(await within(dialog).findByRole('button', { name: /^S19 · 1\.4/ }, slow));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(pool('fee_pools_configs.0')).getByLabelText(/^Worker/)).toHaveValue('rig1');
    expect(within(pool('devfee_pool_config')).getByLabelText(/^Pool url/)).toHaveValue(
      'stratum+tcp://dev.example.com:3333',
    );
    expect(within(pool('devfee_pool_config')).getByLabelText(/^Worker/)).toHaveValue('mine');
    expect(await screen.findByText('Pool settings copied')).toBeInTheDocument();
  });

  it('offers admins the refund pool and editable options; partners see the defaults only', async () => {
    renderForm({ role: 'admin' });
    expect(await screen.findByTestId('pool-refund_pool_config', {}, slow)).toBeInTheDocument();
    expect(await screen.findByLabelText('Host name prefix')).not.toBeDisabled();
  });

  it('does not offer partners the refund pool', async () => {
    renderForm();
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    expect(screen.queryByTestId('pool-refund_pool_config')).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Host name prefix')).toBeDisabled();
  });
});
