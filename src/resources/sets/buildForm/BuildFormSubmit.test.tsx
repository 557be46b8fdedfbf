import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, validationError } from './test/fakeApi';
import {
  choose,
  fillFirmware,
  fillPool,
  pool,
  renderForm,
  SlowSetPage,
  slow,
  submit,
  user,
} from './test/formDriver';

describe('the build form, sending', { timeout: 120_000 }, () => {
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
