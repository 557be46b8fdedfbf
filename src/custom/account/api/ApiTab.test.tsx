import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../dataProvider';
import { ApiError, type HttpClient, type HttpRequest } from '../../../dataProvider/httpClient';
import { renderWithAdmin } from '../../../test/renderWithAdmin';
import { ApiTab } from './ApiTab';
import type { ApiToken } from './apiTokensApi';

configure({ asyncUtilTimeout: 5000 });

const SECRET = `fwc_${'A'.repeat(43)}`;
const HOOK_SECRET = `whsec_${'B'.repeat(44)}`;

function setup(refuse?: { loc: string[]; msg: string }) {
  const tokens: ApiToken[] = [
    {
      id: 1,
      name: 'nightly',
      scope: 'read',
      hint: 'fwc_Zz9q',
      created_at: '2026-11-01T10:00:00Z',
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    },
  ];
  const hooks = [
    {
      id: 7,
      url: 'https://ci.example.com/hook',
      events: ['build.finished'],
      enabled: false,
      disabled_reason: 'It kept failing',
      created_at: '2026-11-01T10:00:00Z',
    },
  ];
  const deliveries = [
    {
      id: 3,
      message_id: 'msg_1',
      event: 'build.finished',
      status: 'failed',
      attempts: 30,
      response_status: 502,
      last_error: 'HTTP 502',
      created_at: '2026-11-01T10:00:00Z',
      attempted_at: '2026-11-02T10:00:00Z',
      next_attempt_at: null,
    },
  ];
  const writes: { path: string; method?: string; body?: unknown }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    if (!request.method || request.method === 'GET') {
      if (path === '/client/account/webhooks')
        return { status: 200, headers: new Headers(), json: [...hooks] };
      if (path.endsWith('/deliveries')) return { status: 200, headers: new Headers(), json: deliveries };
      return { status: 200, headers: new Headers(), json: [...tokens] };
    }
    if (path.startsWith('/client/account/webhooks')) {
      writes.push({ path, method: request.method, body: request.body });
      return { status: 201, headers: new Headers(), json: { ...hooks[0], id: 8, secret: HOOK_SECRET } };
    }
    writes.push({ path, method: request.method, body: request.body });
    if (refuse) throw new ApiError(refuse.msg, 422, { detail: [refuse] }, 'Unprocessable Entity');
    if (request.method === 'DELETE') {
      tokens[0] = { ...tokens[0], revoked_at: '2026-11-02T10:00:00Z' };
      return { status: 204, headers: new Headers(), json: null };
    }
    const body = request.body as Pick<ApiToken, 'name' | 'scope' | 'expires_at'>;
    const made = { ...tokens[0], id: 2, ...body, hint: SECRET.slice(0, 8) };
    tokens.unshift(made);
    return { status: 201, headers: new Headers(), json: { ...made, token: SECRET } };
  }) as unknown as HttpClient;
  renderWithAdmin(
    <>
      <ApiTab />
      <Notification />
    </>,
    { dataProvider: createDataProvider(httpClient), httpClient },
  );
  return { writes };
}

describe('ApiTab (issue 38)', () => {
  it('says a password change keeps tokens and a block ends them, and lists the tokens with their times', async () => {
    setup();
    expect(screen.getByText(/keeps working when you change your password/)).toBeTruthy();
    expect(screen.getByText(/Blocking or removing your account ends all its tokens/)).toBeTruthy();
    const row = await screen.findByTestId('api-token');
    expect(within(row).getByText('nightly')).toBeTruthy();
    expect(within(row).getByText('Read only')).toBeTruthy();
    expect(within(row).getAllByText('Never')).toHaveLength(2);
  });

  it('links the API reference page, opened in a new tab', () => {
    setup();
    const link = screen.getByRole('link', { name: /The API reference/ });
    expect(link).toHaveAttribute('href', '/api/reference');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('makes a token and shows it once, with its expiry', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    await screen.findByTestId('api-token');
    await user.type(screen.getByLabelText('Name'), 'ci');
    await user.click(screen.getByLabelText('Scope'));
    await user.click(await screen.findByRole('option', { name: 'Build (read and write)' }));
    await user.click(screen.getByRole('button', { name: 'Make token' }));
    expect((await screen.findByTestId('api-token-secret')).textContent).toBe(SECRET);
    expect(screen.getByText(/shown this once/)).toBeTruthy();
    expect(writes).toHaveLength(1);
    const body = writes[0].body as { name: string; scope: string; expires_at: string };
    expect(body).toMatchObject({ name: 'ci', scope: 'build' });
    // 90 days by default.
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(89 * 86_400_000);
    await waitFor(() => expect(screen.getAllByTestId('api-token')).toHaveLength(2));
    // Closing the notice hides the token for good: the list never shows it.
    await user.click(screen.getByRole('button', { name: 'Hide the secret' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it("shows the server's refusal under the form", async () => {
    const user = userEvent.setup({ delay: null });
    setup({ loc: ['body', 'expires_at'], msg: 'The expiry must be in the future' });
    await screen.findByTestId('api-token');
    await user.type(screen.getByLabelText('Name'), 'ci');
    await user.click(screen.getByRole('button', { name: 'Make token' }));
    expect(await screen.findByText(/The expiry must be in the future/)).toBeTruthy();
  });

  it('revokes a token after asking', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    const row = await screen.findByTestId('api-token');
    await user.click(within(row).getByRole('button', { name: 'Revoke token nightly' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(writes).toEqual([{ path: '/client/account/tokens/1', method: 'DELETE', body: undefined }]),
    );
    expect(await within(await screen.findByTestId('api-token')).findByText('Revoked')).toBeTruthy();
  });

  it('shows an endpoint disabled for failing, its delivery log with the answer code, and sends one again', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    const hook = await screen.findByTestId('webhook');
    expect(within(hook).getByText('Disabled: it kept failing')).toBeTruthy();
    await user.click(within(hook).getByRole('button', { name: 'Delivery log' }));
    const row = await within(hook).findByTestId('webhook-delivery');
    expect(within(row).getByText('Build finished')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('502')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(writes).toEqual([
        { path: '/client/account/webhooks/7/deliveries/3/redeliver', method: 'POST', body: undefined },
      ]),
    );
  });

  it('registers an endpoint with its events and shows its secret once', async () => {
    const user = userEvent.setup({ delay: null });
    const { writes } = setup();
    await screen.findByTestId('webhook');
    await user.type(screen.getByLabelText('Endpoint URL (https://…)'), 'https://ci.example.com/new');
    await user.click(screen.getByLabelText('Release published'));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(HOOK_SECRET);
    expect(writes[0].body).toEqual({
      url: 'https://ci.example.com/new',
      events: ['build.finished', 'build.failed', 'release.published'],
    });
  });
});
