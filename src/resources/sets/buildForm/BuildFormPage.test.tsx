import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  choose,
  fillFirmware,
  fillPool,
  options,
  pool,
  renderForm,
  slow,
  submit,
  user,
} from './test/formDriver';

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
});
