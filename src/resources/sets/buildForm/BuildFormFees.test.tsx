// Issue 15, items 5 and 11: a fixed total-fee error leaves the screen as the fees change (no second submit), and a
// new build's DevFee starts at the partner's own minimum for the series when that is above the default.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeAuthProvider, renderWithAdmin } from '../../../test/renderWithAdmin';
import { BuildFormPage } from './BuildFormPage';
import { fakeApi } from './test/fakeApi';

const MINIMUMS = [
  { series: 'x19', min_dev_fee: 1, min_total_fee: 3, user_id: 2 },
  { series: 'x21', min_dev_fee: 2.5, min_total_fee: 4, user_id: 2 },
];
const slow = { timeout: 30_000 };

function renderForm() {
  const api = fakeApi('user');
  const authProvider = {
    ...fakeAuthProvider('user'),
    getIdentity: async () => ({ id: 2, fullName: 'partner', account: { fee: MINIMUMS } }),
  };
  renderWithAdmin(
    <Routes>
      <Route path="/firmwares/:id/build" element={<BuildFormPage />} />
    </Routes>,
    {
      role: 'user',
      path: '/firmwares/10/build',
      dataProvider: api.dataProvider,
      httpClient: api.httpClient,
      authProvider,
    },
  );
  return api;
}

const devFee = () => within(screen.getByTestId('pool-devfee_pool_config')).getByLabelText(/^Fee, %/);
async function chooseSeries(u: ReturnType<typeof userEvent.setup>, name: string) {
  await u.click(await screen.findByRole('combobox', { name: /^Series/ }, slow));
  await u.click(await screen.findByRole('option', { name }));
}

describe('the build form’s fees', { timeout: 120_000 }, () => {
  it('clears a fixed total-fee error as the fees change, before the next submit', async () => {
    const u = userEvent.setup({ delay: null });
    const api = renderForm();
    await chooseSeries(u, 'x19');
    await u.click(screen.getByRole('button', { name: 'Build firmware' }));
    // DevFee 2 is below the partner's minimum total of 3 for x19.
    expect(await screen.findByText('Cannot be less than 3', {}, slow)).toBeInTheDocument();
    fireEvent.change(devFee(), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByText('Cannot be less than 3')).not.toBeInTheDocument());
    expect(screen.getByText('Total fee: 3%')).toBeInTheDocument();
    // Lowered again, the message is back at once.
    fireEvent.change(devFee(), { target: { value: '2.5' } });
    expect(await screen.findByText('Cannot be less than 3')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('starts the DevFee at the partner’s minimum when it is above the default, and resets to it', async () => {
    const u = userEvent.setup({ delay: null });
    renderForm();
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    expect(devFee()).toHaveValue(2);
    await chooseSeries(u, 'x21');
    await waitFor(() => expect(devFee()).toHaveValue(2.5));
    expect(
      within(screen.getByTestId('pool-devfee_pool_config')).queryByText(/Cannot be less than/),
    ).not.toBeInTheDocument();
    // x19's minimum (1) is below the default: back to 2.
    await chooseSeries(u, 'x19');
    await waitFor(() => expect(devFee()).toHaveValue(2));
    // A DevFee the partner typed stays when the series changes.
    fireEvent.change(devFee(), { target: { value: '5' } });
    await chooseSeries(u, 'x21');
    expect(devFee()).toHaveValue(5);
    await u.click(screen.getByRole('button', { name: 'Reset pools' }));
    await waitFor(() => expect(devFee()).toHaveValue(2.5));
  });
});
