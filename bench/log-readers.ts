// A child process of bench/logs.ts: N clients each reading one build's whole log again and again, so the
// parent's own event loop only probes /api/health/live. Run with
// `node --import tsx bench/log-readers.ts URL TOKEN BUILD_ID MODE N`, MODE `txt` (the streamed GET …/log.txt)
// or `json` (GET …/log pages of LOG_PAGE_MAX lines, newest → oldest, as a client reading it all pages).
// Prints "ready"; on stdin "go" the clients start; on "stop" it prints {"reads": [ms of each whole read
// finished], "bytes": every byte read, "seconds": from "go"} and exits (reads under way are dropped).
import { createInterface } from 'node:readline';
import { LOG_PAGE_MAX } from '../contract/schemas/tasks-schemas';

const [url, token, buildId, mode, count] = process.argv.slice(2);
const headers = { authorization: `Bearer ${token}` };
const base = `${url}/api/client/firmware/firmwares/${buildId}`;
const reads: number[] = [];
let bytes = 0;
let running = false;
let started = 0;

async function get(path: string): Promise<Response> {
  const res = await fetch(`${base}${path}`, { headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The log.txt download, taken as it streams (bytes counted, not kept). */
async function readText(): Promise<void> {
  const body = (await get('/log.txt')).body;
  if (!body) return;
  for await (const chunk of body) bytes += chunk.byteLength;
}

/** Every page of the JSON log, the newest first, each page's `before` leading to the next. */
async function readPages(): Promise<void> {
  let before: number | null | undefined;
  do {
    const query = before ? `?limit=${LOG_PAGE_MAX}&before=${before}` : `?limit=${LOG_PAGE_MAX}`;
    const text = await (await get(`/log${query}`)).text();
    bytes += Buffer.byteLength(text);
    before = (JSON.parse(text) as { before: number | null }).before;
  } while (before && running);
}

const readOnce = mode === 'txt' ? readText : readPages;

async function client() {
  while (running) {
    const t0 = performance.now();
    await readOnce();
    if (!running) return;
    reads.push(performance.now() - t0);
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line === 'go') {
    running = true;
    started = performance.now();
    for (let i = 0; i < Number(count); i++)
      client().catch((error) => {
        console.error(error);
        process.exit(1);
      });
  } else if (line === 'stop') {
    running = false;
    process.stdout.write(
      `${JSON.stringify({ reads, bytes, seconds: (performance.now() - started) / 1000 })}\n`,
      () => process.exit(0),
    );
  }
});
console.log('ready');
