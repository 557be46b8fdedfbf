// Issue 37, item 2.7: form work was lost on a session loss and on leaving the page. The build form keeps a
// draft per set and account, brings it back, and asks before it is left with changes not built.
import { screen, waitFor, within } from '@testing-library/react';
import type { Store } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../../authProvider/session';
import { createStore, DRAFTS_PREFIX } from '../../../layout/store';
import { choose, fillPool, pool, renderForm, slow, submit, user } from './test/formDriver';

/** The draft of partner 2's new build of set 10, in the console's store (localStorage, as in the browser). */
const KEY = `${DRAFTS_PREFIX}build.2.10--`;

const field = (prefix: string, label: RegExp) => within(pool(prefix)).getByLabelText(label);
const series = () => screen.getByRole('combobox', { name: /^Series/ });

async function startDraft(store: Store) {
  const u = user();
  const api = renderForm({ store });
  await screen.findByRole('combobox', { name: /^Series/ }, slow);
  await choose(u, /^Series/, 'x19');
  await choose(u, /^Model/, 'S19');
  await fillPool(u, 'devfee_pool_config', {
    'Pool url': 'stratum+tcp://dev.example.com:3333',
    Account: 'dev.acc',
  });
  return { u, api };
}

describe('the build form’s draft', { timeout: 120_000 }, () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'token'));
  afterEach(() => localStorage.clear());

  it('is kept as the partner types and brought back, said so, when the form opens again', async () => {
    const store = createStore();
    const { api } = await startDraft(store);
    await waitFor(() =>
      expect(store.getItem(KEY)).toMatchObject({
        values: { series: 'x19', model: 'S19', devfee_pool_config: { account: 'dev.acc' } },
      }),
    );
    // The session ends: the form goes away, the draft stays.
    api.unmount();
    renderForm({ store });
    expect(await screen.findByText(/^Draft restored/, {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(series()).toHaveTextContent('x19'));
    expect(screen.getByRole('combobox', { name: /^Model/ })).toHaveTextContent('S19');
    expect(field('devfee_pool_config', /^Account/)).toHaveValue('dev.acc');
    expect(field('devfee_pool_config', /^Pool url/)).toHaveValue('stratum+tcp://dev.example.com:3333');
  });

  it('is another account’s business: a partner signing in on the same browser gets a blank form', async () => {
    const store = createStore();
    const { api } = await startDraft(store);
    await waitFor(() => expect(store.getItem(KEY)).toBeDefined());
    api.unmount();
    renderForm({ store, accountId: 3 });
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    expect(field('devfee_pool_config', /^Account/)).toHaveValue('');
    expect(screen.queryByText(/^Draft restored/)).not.toBeInTheDocument();
  });

  it('goes on “Discard draft” and on “Reset form”', async () => {
    const store = createStore();
    const { api, u } = await startDraft(store);
    await waitFor(() => expect(store.getItem(KEY)).toBeDefined());
    api.unmount();
    renderForm({ store });
    await u.click(await screen.findByRole('button', { name: 'Discard draft' }, slow));
    await waitFor(() => expect(field('devfee_pool_config', /^Account/)).toHaveValue(''));
    expect(series()).not.toHaveTextContent('x19');
    expect(screen.queryByText(/^Draft restored/)).not.toBeInTheDocument();
    expect(store.getItem(KEY)).toBeUndefined();

    await fillPool(u, 'devfee_pool_config', { Account: 'again' });
    await waitFor(() => expect(store.getItem(KEY)).toBeDefined());
    await u.click(screen.getByRole('button', { name: 'Reset form' }));
    await waitFor(() => expect(store.getItem(KEY)).toBeUndefined());
  });

  it('goes once the build is accepted, and leaving then asks nothing', async () => {
    const store = createStore();
    const { u, api } = await startDraft(store);
    await choose(u, /^Platform/, 'amlogic');
    await choose(u, /^Install type/, 'nand');
    await choose(u, /^License/, 'Europe · EU Standard');
    await u.click(screen.getByRole('button', { name: /^Add fee pool/ }));
    await fillPool(u, 'fee_pools_configs.0', {
      'Pool url': 'stratum+tcp://main.example.com:3333',
      Account: 'main',
      Worker: 'rig01',
      'Fee, %': '1.25',
    });
    await waitFor(() => expect(store.getItem(KEY)).toBeDefined());
    await submit(u);
    expect(await screen.findByText('the set page', {}, slow)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getItem(KEY)).toBeUndefined();
  });
});

describe('leaving the build form with changes', { timeout: 120_000 }, () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'token'));
  afterEach(() => localStorage.clear());

  it('asks first: Stay keeps the form, Leave goes and keeps the draft', async () => {
    const store = createStore();
    const { u } = await startDraft(store);
    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave the build form?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field('devfee_pool_config', /^Account/)).toHaveValue('dev.acc');

    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('the set page', {}, slow)).toBeInTheDocument();
    expect(store.getItem(KEY)).toMatchObject({ values: { model: 'S19' } });
  });

  it('asks nothing of a form left as it opened', async () => {
    const u = user();
    renderForm();
    await screen.findByRole('combobox', { name: /^Series/ }, slow);
    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('the set page', {}, slow)).toBeInTheDocument();
  });

  it('asks nothing once the session has ended: the way to the sign-in page is not the user’s choice', async () => {
    const store = createStore();
    const { u } = await startDraft(store);
    localStorage.removeItem(TOKEN_KEY);
    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('the set page', {}, slow)).toBeInTheDocument();
    expect(store.getItem(KEY)).toMatchObject({ values: { model: 'S19' } });
  });

  it('has the browser ask before the tab is closed or reloaded', async () => {
    await startDraft(createStore());
    await waitFor(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    });
  });
});
