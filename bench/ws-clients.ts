// A child process of the fan-out benchmark: N WebSocket clients on the live socket, counting messages.
// Run with `node --experimental-websocket --import tsx bench/ws-clients.ts URL TOKEN N` (Node 20 needs the flag
// for its built-in WebSocket). Prints "ready" once all are open; on stdin "go" it starts counting, on "stop" it
// prints {"messages": total received, "seconds": from "go" to the last message} and exits.
import { createInterface } from 'node:readline';

const [url, token, count] = process.argv.slice(2);
const target = `${url.replace(/^http/, 'ws')}/api/client/ws?token=${encodeURIComponent(token)}`;
let received = 0;
let counting = false;
let started = 0;
let last = 0;

const sockets = await Promise.all(
  Array.from(
    { length: Number(count) },
    () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(target);
        socket.onopen = () => resolve(socket);
        socket.onerror = () => reject(new Error('WebSocket failed to open'));
        socket.onmessage = () => {
          if (!counting) return;
          received++;
          last = performance.now();
        };
      }),
  ),
);
console.log('ready');

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'go') {
    counting = true;
    started = performance.now();
  } else if (line === 'stop') {
    const seconds = (Math.max(last, started) - started) / 1000;
    console.log(JSON.stringify({ messages: received, seconds }));
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
