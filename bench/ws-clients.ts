// A child process of the WebSocket benchmarks: N WebSocket clients on the live socket, counting messages.
// Run with `node --experimental-websocket --import tsx bench/ws-clients.ts URL TOKEN N` (Node 20 needs the flag
// for its built-in WebSocket). Prints "ready" once all are open; on stdin "go" it starts counting, on "stop" it
// prints {"messages": total received, "seconds": from "go" to the last message, "latencies": …} and exits.
// A log line "lat:<epoch ms>" (performance.timeOrigin + performance.now() of the sender, comparable across
// processes of one machine) is a latency probe: each client records how long ago it was sent.
import { createInterface } from 'node:readline';

const [url, token, count] = process.argv.slice(2);
const target = `${url.replace(/^http/, 'ws')}/api/client/ws`;
let received = 0;
let counting = false;
let started = 0;
let last = 0;
const latencies: number[] = [];
const PROBE = /"lat:([\d.]+)"/;

const sockets = await Promise.all(
  Array.from(
    { length: Number(count) },
    () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(target);
        // Signed in by the first message (issue 43); open once the server says ready.
        socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
        socket.onerror = () => reject(new Error('WebSocket failed to open'));
        socket.onmessage = (event) => {
          if (event.data === '{"type":"ready"}') resolve(socket);
          if (!counting) return;
          received++;
          last = performance.now();
          const probe = typeof event.data === 'string' && event.data.length < 200 && PROBE.exec(event.data);
          if (probe) latencies.push(performance.timeOrigin + last - Number(probe[1]));
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
    console.log(JSON.stringify({ messages: received, seconds, latencies }));
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
