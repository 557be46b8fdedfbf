import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveAuthMessage as authMessage } from '../../../contract/live-socket';
import { FakeSocket } from '../../test/FakeSocket';
import { connectLiveSocket } from './liveSocket';
import { createLiveStore } from './liveStore';

const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1];

/** Connects over FakeSocket, reconnecting within a millisecond, with do-nothing callbacks unless `options` says. */
const socketWith = (options: Partial<Parameters<typeof connectLiveSocket>[0]>) =>
  connectLiveSocket({
    store: createLiveStore(),
    getToken: () => 't',
    onFinished: vi.fn(),
    onError: vi.fn(),
    onSessionEnded: vi.fn(),
    url: () => 'ws://test/',
    socketOptions: { WebSocket: FakeSocket, minReconnectionDelay: 1, maxReconnectionDelay: 1 },
    ...options,
  });

describe('connectLiveSocket', () => {
  afterEach(() => {
    FakeSocket.instances = [];
  });

  it('signs in by its first message, never the url, and counts as connected once the server agrees', async () => {
    const store = createLiveStore();
    const onFinished = vi.fn();
    const disconnect = connectLiveSocket({
      store,
      getToken: () => 'tok en',
      onFinished,
      onError: vi.fn(),
      onSessionEnded: vi.fn(),
      url: () => 'ws://test/api/client/ws',
      socketOptions: { WebSocket: FakeSocket },
    });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    expect(latest().url).toBe('ws://test/api/client/ws');
    latest().open();
    expect(latest().sent).toEqual([JSON.stringify({ type: 'auth', token: 'tok en' })]);
    expect(store.getConnections()).toBe(0);
    latest().receive({ type: 'ready' });
    expect(store.getConnections()).toBe(1);

    latest().receive({ fw_id: 7, type: 'log_build', data: 'compiling', seq: 1 });
    latest().receive({ fw_id: 7, type: 'progress_build', data: 60, seq: 2 });
    expect(store.getState().get(7)).toEqual({ progress: 60, lines: [{ seq: 1, line: 'compiling' }] });
    expect(onFinished).not.toHaveBeenCalled();
    latest().receive({ fw_id: 7, type: 'progress_build', data: 100, seq: 3 });
    expect(onFinished).toHaveBeenCalledWith(7);

    disconnect();
    expect(latest().closed).toBe(true);
  });

  it('reports an outage once, and again only after a connection succeeded', async () => {
    const onError = vi.fn();
    const disconnect = socketWith({ onError });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    latest().fail();
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    latest().fail();
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(3));
    expect(onError).toHaveBeenCalledTimes(1);
    latest().accept();
    latest().fail();
    expect(onError).toHaveBeenCalledTimes(2);
    disconnect();
  });

  it('stops at 4401 and reports the ended session, without connecting again', async () => {
    const onSessionEnded = vi.fn();
    const onError = vi.fn();
    socketWith({ getToken: () => 'old', onError, onSessionEnded });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    latest().accept();
    latest().closedBy(4401);
    expect(onSessionEnded).toHaveBeenCalledWith(4401);
    // Long enough for the 1 ms reconnection delay to have run many times over.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSocket.instances).toHaveLength(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('stops at 4403 too', async () => {
    const onSessionEnded = vi.fn();
    socketWith({ onSessionEnded });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    latest().accept();
    latest().closedBy(4403);
    expect(onSessionEnded).toHaveBeenCalledWith(4403);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('connects again, without signing out, when the server could not check the token now (1013)', async () => {
    const onSessionEnded = vi.fn();
    const disconnect = socketWith({ getToken: () => 'kept', onSessionEnded });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    latest().open();
    latest().closedBy(1013);
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    latest().open();
    expect(latest().sent).toEqual([authMessage('kept')]);
    expect(onSessionEnded).not.toHaveBeenCalled();
    disconnect();
  });

  it('connects again with the new token when this tab changed the password (4401 for the old token)', async () => {
    const onSessionEnded = vi.fn();
    let token = 'before';
    const disconnect = socketWith({
      getToken: () => token,
      onSessionEnded,
    });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    latest().accept();
    token = 'after';
    latest().closedBy(4401);
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    latest().open();
    expect(latest().sent).toEqual([authMessage('after')]);
    expect(onSessionEnded).not.toHaveBeenCalled();
    disconnect();
  });

  it('waits for a password change under way in this tab: the old token closes first, the new one follows', async () => {
    const onSessionEnded = vi.fn();
    let token = 'before';
    let renewal: Promise<void> | undefined;
    let answer = () => {};
    const disconnect = socketWith({
      getToken: () => token,
      onSessionEnded,
      tokenRenewal: () => renewal,
    });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    latest().accept();
    // The change is posted; the server ends the old token's socket before its answer arrives.
    renewal = new Promise<void>((resolve) => {
      answer = () => {
        token = 'after';
        renewal = undefined;
        resolve();
      };
    });
    latest().closedBy(4401);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSocket.instances).toHaveLength(1);
    answer();
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    latest().open();
    expect(latest().sent).toEqual([authMessage('after')]);
    expect(onSessionEnded).not.toHaveBeenCalled();
    disconnect();
  });

  it('signs out after all when the change under way brings no new token', async () => {
    const onSessionEnded = vi.fn();
    let renewal: Promise<void> | undefined = new Promise<void>((resolve) => setTimeout(resolve, 20));
    socketWith({ getToken: () => 'same', onSessionEnded, tokenRenewal: () => renewal });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    renewal = undefined;
    latest().accept();
    renewal = new Promise<void>((resolve) => setTimeout(resolve, 20));
    latest().closedBy(4401);
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalledWith(4401));
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
