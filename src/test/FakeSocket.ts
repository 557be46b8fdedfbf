// A WebSocket stand-in that tests drive, for reconnecting-websocket (its `WebSocket` option).
export class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  closed = false;
  /** What the client sent, in order. */
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  /** Opens, and the server accepts the socket's sign-in (its first message) with `ready`. */
  accept() {
    this.open();
    this.receive({ type: 'ready' });
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
  /** The server closes the connection with `code`. */
  closedBy(code: number) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason: '', wasClean: true }));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  send(data: string) {
    this.sent.push(data);
  }
}
