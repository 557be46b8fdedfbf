// What the scale-out and fault tests do with a running console: the demo partner's set and a valid build
// body (as the UI submits it), agents registered through the admin API, tasks and logs as the UI reads them.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiSession } from '../../tests/e2e/support/api';

export interface Task {
  id: number;
  status: string;
  attempts: number;
  progress: number;
  worker_name: string | null;
}

/** A build script slow enough to be interrupted: numbered log lines and progress, then a small artifact. */
export const SLOW_BUILD =
  'for i in 1 2 3 4 5 6 7 8; do echo "step $i of job $JOB_ID attempt $JOB_ATTEMPT"; echo "::progress $((i * 10))"; ' +
  'sleep 0.4; done; echo "firmware of $JOB_UUID" > "$OUTPUT_DIR/firmware.bin"';

/** The lines SLOW_BUILD logs for a job's attempt. */
export const slowBuildLines = (id: number, attempt: number) =>
  Array.from({ length: 8 }, (_, i) => `step ${i + 1} of job ${id} attempt ${attempt}`);

/** The partner's new set and a build body on the demo data, as the UI's build form sends it. */
export async function prepareBuilds(partner: ApiSession, name: string) {
  const releases = await partner.call<{ id: number; series: string }[]>('GET', '/client/releases');
  const release = releases.find((r) => r.series === 'x19');
  const models = await partner.call<{ name: string; series: string }[]>('GET', '/client/firmware/models');
  const x19 = new Set(models.filter((m) => m.series === 'x19').map((m) => m.name));
  const combos = await partner.call<{ model: string; platform: string; install_type: string }[]>(
    'GET',
    '/client/firmware/model-platform-install_type',
  );
  const combo = combos.find((c) => x19.has(c.model));
  if (!release || !combo) throw new Error('the demo data has no x19 release or model');
  const set = await partner.call<{ id: number }>('POST', '/client/firmware/groups', { name });
  const body = {
    group_id: set.id,
    series: 'x19',
    ...combo,
    release_id: release.id,
    add_license: false,
    fee_pools_configs: [
      {
        alias: 'DevFee',
        url: 'stratum+tcp://btc.viabtc.io:3333',
        account: 'vendor',
        worker: name.replace(/[^a-z0-9.]/gi, ''),
        fee: 5,
        fake_fee: null,
        hidden: false,
        type_fee_pool: 'devfee',
      },
    ],
  };
  // Each submit its own worker name: an identical configuration would be served from a done build at once
  // (issue 16), with no agent run, and these scenarios are about agents building.
  let count = 0;
  const worker = name.replace(/[^a-z0-9.]/gi, '');
  return {
    submit: (session: ApiSession = partner) => {
      count++;
      const pools = body.fee_pools_configs.map((pool) => ({ ...pool, worker: `${worker}.${count}` }));
      return session.call<{ id: number; uuid: string }>('POST', '/client/firmware/firmwares', {
        ...body,
        fee_pools_configs: pools,
      });
    },
  };
}

export async function addAgent(admin: ApiSession, name: string): Promise<string> {
  return (await admin.call<{ token: string }>('POST', '/admin/workers', { name })).token;
}

/** Every task on the admin tasks list (all pages). */
export async function allTasks(admin: ApiSession): Promise<Task[]> {
  const found: Task[] = [];
  for (let page = 0; ; page++) {
    const rows = await admin.call<Task[]>('GET', `/admin/firmwares/tasks?page=${page}`);
    found.push(...rows);
    if (rows.length < 20) return found;
  }
}

export async function tasksOf(admin: ApiSession, ids: number[]): Promise<Task[]> {
  const wanted = new Set(ids);
  return (await allTasks(admin)).filter((t) => wanted.has(t.id)).sort((a, b) => a.id - b.id);
}

export type LogLine = { seq: number; line: string };

/** A build's stored log, as the log dialog loads it. */
export async function logOf(session: ApiSession, id: number): Promise<LogLine[]> {
  const res = await session.call<{ lines: LogLine[] }>('GET', `/client/firmware/firmwares/${id}/log`);
  return res.lines.map(({ seq, line }) => ({ seq, line }));
}

/** Downloads a build's artifact from `baseUrl` as the links page does; answers its sha256. */
export async function downloadArtifact(baseUrl: string, uuid: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/files/firmwares/${uuid}`);
  expect(res.status, `artifact of ${uuid} from ${baseUrl}`).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBeGreaterThan(0);
  return createHash('sha256').update(bytes).digest('hex');
}
