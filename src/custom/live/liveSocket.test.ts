import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLiveSocket } from './liveSocket';
import { createLiveStore } from './liveStore';

/** A WebSocket stand-in that the test drives. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  send() {}
}

const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1];

describe('connectLiveSocket', () => {
  afterEach(() => {
    FakeSocket.instances = [];
  });

  it('connects with the token, feeds messages to the store and reports a finished build', async () => {
    const store = createLiveStore();
    const onFinished = vi.fn();
    const disconnect = connectLiveSocket({
      store,
      getToken: () => 'tok en',
      onFinished,
      onError: vi.fn(),
      url: (token) => `ws://test/api/client/ws?token=${encodeURIComponent(token)}`,
      socketOptions: { WebSocket: FakeSocket },
    });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    expect(latest().url).toBe('ws://test/api/client/ws?token=tok%20en');
    latest().open();
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
    const disconnect = connectLiveSocket({
      store: createLiveStore(),
      getToken: () => 't',
      onFinished: vi.fn(),
      onError,
      url: () => 'ws://test/',
      socketOptions: { WebSocket: FakeSocket, minReconnectionDelay: 1, maxReconnectionDelay: 1 },
    });
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    latest().fail();
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    latest().fail();
    await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(3));
    expect(onError).toHaveBeenCalledTimes(1);
    latest().open();
    latest().fail();
    expect(onError).toHaveBeenCalledTimes(2);
    disconnect();
  });
});
