// Issue 39 item 7: upload and download throughput of one artifact (BENCH_STORAGE_MB, 1024 by default) through
// the console's storage paths, local against object storage on the same run, with the server's peak RSS
// during each (sampled from /proc every 50 ms). Object storage is s3rver (the S3 server the tests use) on
// this machine's disk, so its figures are a floor for a real service. `npx tsx bench/storage.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startTestS3 } from '../server/test/s3-server';

const MB = 1024 * 1024;
const total = Number(process.env.BENCH_STORAGE_MB ?? 1024) * MB;
const chunk = randomBytes(MB);
const sha256 = (() => {
  const hash = createHash('sha256');
  for (let sent = 0; sent < total; sent += MB) hash.update(chunk);
  return hash.digest('hex');
})();

const body = () =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += MB) yield chunk;
    })(),
  );

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) * 1024 : 0;
}

/** Runs `work` while sampling the server's RSS; answers seconds and the peak. */
async function measured(server: ChildProcess, work: () => Promise<void>) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid ?? 0));
  }, 50);
  const started = performance.now();
  await work();
  clearInterval(timer);
  return { seconds: (performance.now() - started) / 1000, peakRss: peak };
}

function call(port: number, method: 'PUT' | 'GET'): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'x-sha256': sha256 };
    if (method === 'PUT') headers['content-length'] = String(total);
    const req = request({ host: '127.0.0.1', port, method, path: '/', headers }, (res) => {
      let received = 0;
      res.on('data', (data: Buffer) => {
        received += data.length;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${method} answered ${res.statusCode}`));
        else if (method === 'GET' && received !== total) reject(new Error(`GET got ${received} bytes`));
        else resolve();
      });
    });
    req.on('error', reject);
    if (method === 'PUT') body().pipe(req);
    else req.end();
  });
}

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/storage-server.ts'], {
    env: { ...process.env, ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) =>
    child.stdout?.once('data', (data) => resolve(Number(data))),
  );
  return { child, port };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-storage-'));
  const s3 = await startTestS3();
  const rows: string[] = [];
  try {
    for (const [name, env] of [
      ['local', { BENCH_DATA_DIR: dataDir }],
      ['s3 (s3rver)', { BENCH_S3: JSON.stringify(s3.options('bench/')) }],
    ] as const) {
      const { child, port } = await startServer(env);
      const idle = rssOf(child.pid ?? 0);
      const up = await measured(child, () => call(port, 'PUT'));
      const down = await measured(child, () => call(port, 'GET'));
      child.kill();
      const rate = (seconds: number) => `${(total / MB / seconds).toFixed(0)} MB/s`;
      const rss = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
      rows.push(
        `| ${name} | ${rate(up.seconds)} | ${rss(up.peakRss)} | ${rate(down.seconds)} | ${rss(down.peakRss)} | ${rss(idle)} |`,
      );
    }
  } finally {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`Artifact of ${total / MB} MB\n`);
  console.log('| storage | upload | server RSS peak | download | server RSS peak | idle RSS |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
}

await main();
