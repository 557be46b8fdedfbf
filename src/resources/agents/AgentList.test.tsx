import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../dataProvider';
import type { HttpClient, HttpRequest } from '../../dataProvider/httpClient';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { AgentList } from './AgentList';
import { AgentsTopPanel } from './AgentsTopPanel';
import type { Agent } from './types';

const agent = (id: number, name: string, prefix: string, extra: Partial<Agent> = {}): Agent => ({
  id,
  name,
  token_prefix: prefix,
  is_blocked: false,
  status: 'online',
  current_build: null,
  releases: [{ id: 1, series: 'x19', version: '1.4.0', stage: 'stable' }],
  sources: [],
  last_contact: new Date().toISOString(),
  created_at: '2025-01-01T00:00:00Z',
  ...extra,
});

const FULL_TOKEN = 'wk_Zq81xYtoken_full_secret_value';

/** `replayed`: the creation answers as a repeat of the same Idempotency-Key does, without the token. */
function setup(role: 'admin' | 'developer' = 'admin', { replayed = false } = {}) {
  const agents: Agent[] = [
    agent(1, 'embedded', 'wk_Ab12', {
      status: 'busy',
      current_build: { id: 40, uuid: 'u', group_name: 'Farm A', model: 'S19', progress: 35 },
    }),
  ];
  const writes: { path: string; method?: string; body?: unknown }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    if (!request.method || request.method === 'GET')
      return { status: 200, headers: new Headers(), json: agents };
    writes.push({ path, method: request.method, body: request.body });
    if (request.method === 'PUT')
      return { status: 200, headers: new Headers(), json: { ...agents[0], ...(request.body as object) } };
    const { name } = request.body as { name: string };
    const created = agent(2, name, FULL_TOKEN.slice(0, 8));
    agents.push(created);
    return {
      status: 201,
      headers: new Headers(),
      json: replayed ? created : { ...created, token: FULL_TOKEN },
    };
  }) as unknown as HttpClient;
  renderWithAdmin(
    <>
      <AgentsTopPanel />
      <AgentList />
      <Notification />
    </>,
    { role, path: '/agents', dataProvider: createDataProvider(httpClient), httpClient },
  );
  return { writes };
}

describe('AgentList', () => {
  it('adds an agent and shows its token once, then only its prefix', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    expect(await screen.findByText('embedded')).toBeInTheDocument();
    expect(screen.getByText('Busy')).toBeInTheDocument();
    expect(screen.getByText('Farm A · S19')).toBeInTheDocument();
    expect(screen.getByText('x19 1.4.0')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add new agent' }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByLabelText(/Name/));
    await user.paste('builder-2');
    await user.click(within(form).getByRole('button', { name: 'Add agent' }));

    expect(writes).toEqual([{ path: '/admin/workers', method: 'POST', body: { name: 'builder-2' } }]);
    expect(await screen.findByText('Agent was added')).toBeInTheDocument();
    const tokenDialog = await screen.findByRole('dialog', { name: /Token of builder-2/ });
    expect(within(tokenDialog).getByLabelText('Token')).toHaveTextContent(FULL_TOKEN);
    expect(within(tokenDialog).getByText(new RegExp(`--token ${FULL_TOKEN}`))).toBeInTheDocument();

    await user.click(within(tokenDialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText(FULL_TOKEN)).not.toBeInTheDocument());
    expect(await screen.findByText('builder-2')).toBeInTheDocument();
    expect(screen.getByText(`${FULL_TOKEN.slice(0, 8)}…`)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(FULL_TOKEN);
  });

  // Issue 36: the server never shows a token twice; a repeated creation is answered without it.
  it('says the token was already shown when the answer carries none, instead of an empty dialog', async () => {
    const user = userEvent.setup({ delay: null });
    setup('admin', { replayed: true });
    await user.click(await screen.findByRole('button', { name: 'Add new agent' }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByLabelText(/Name/));
    await user.paste('builder-3');
    await user.click(within(form).getByRole('button', { name: 'Add agent' }));

    expect(await screen.findByText(/Agent builder-3 was added\. Its token was shown/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Token of/ })).not.toBeInTheDocument();
  });

  it('shows developers the agents without the admin actions', async () => {
    setup('developer');
    expect(await screen.findByText('embedded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add new agent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  // Issue 17, defect 6: blocking an agent sends its running build back to the queue; it asks first, and says so.
  it('asks before blocking an agent, saying its running build goes back to the queue', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    await user.click(await screen.findByRole('button', { name: /Actions for embedded/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block embedded?' });
    expect(dialog).toHaveTextContent('the build it is running goes back to the queue (1 build affected)');
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(writes).toEqual([{ path: '/admin/workers/1', method: 'PUT', body: { is_blocked: true } }]),
    );
  });

  it('says what a rename did, with the new name', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await user.click(await screen.findByRole('button', { name: /Actions for embedded/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/Name/);
    await user.clear(name);
    await user.paste('builder-9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent renamed to builder-9')).toBeInTheDocument();
  });
});
