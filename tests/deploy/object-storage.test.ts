// Issue 39 as production runs it: deploy/nginx.conf in front of two built instances (`node dist-server/main.mjs`)
// with separate DATA_DIRs on one PostgreSQL database and one S3 bucket (s3rver, server/test/s3-server.ts), and a
// real build agent process (`node dist-server/agent/cli.mjs`). Builds with logos succeed whichever instance the
// agent talks to, and every artifact, attestation and logo downloads through nginx. Then the instance receiving
// a big artifact is killed (SIGKILL) mid-upload: the agent's retry goes through the other instance, the build is
// done and downloads whole, the killed instance's multipart upload is aborted by the survivor's periodic sweep
// and nothing is left behind, in the bucket or on disk. Run by .ci/run with DATABASE_URL; skipped without it.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../server/test/s3-server';
import { PNG } from '../../server/test/security-world';
import { createScratchDatabase, type ScratchDatabase } from '../../server/test/test-database';
import { type ApiSession, apiSession } from '../e2e/support/api';
import { buildFields } from '../e2e/support/builds';
import { freePort } from '../e2e/support/server';
import { findNginx, type NginxSetup, startNginx, writeConfig } from './nginx-process';
import { type Child, run, waitUntil } from './processes';

const root = path.resolve(import.meta.dirname, '../..');
const nginx = findNginx();
const serverUrl = process.env.DATABASE_URL;
const built =
  existsSync(path.join(root, 'dist-server/main.mjs')) &&
  existsSync(path.join(root, 'dist-server/agent/cli.mjs')) &&
  existsSync(path.join(root, 'dist/index.html'));
const missing = [
  !nginx && 'nginx (apt-get install nginx)',
  !serverUrl && 'DATABASE_URL',
  !built && 'the built console (npm run build)',
].filter(Boolean);
if (missing.length > 0) console.warn(`tests/deploy/object-storage.test.ts skipped: no ${missing.join(', ')}`);

const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };
const PARTNER = { email: 'partner@localhost', password: 'partner-pass-123' };
const PREFIX = 'prod';
/** The survivor sweeps every 2 s the uploads begun 20 s ago: longer than the retry's upload takes. */
const SWEEP = { UPLOAD_SWEEP_SECONDS: '2', UPLOAD_SWEEP_AGE_SECONDS: '20' };
const BIG = 48 * 1024 * 1024;

async function stop({ child }: Child, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every `.part` file under `dir`: what an upload cut off on the local backend leaves. */
async function partFiles(dir: string) {
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.part'));
}

interface Build {
  id: number;
  uuid: string;
  status: string;
  sha256: string | null;
  file_size: number | null;
}

describe.skipIf(missing.length > 0)('two instances on one bucket behind nginx', () => {
  let dir: string;
  let s3: TestS3;
  let database: ScratchDatabase;
  let balancer: ReturnType<typeof startNginx>;
  const instances: (Child & { url: string; dataDir: string })[] = [];
  const agents: Child[] = [];
  let url: string;
  let admin: ApiSession;
  let partner: ApiSession;
  let agentToken: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'deploy-s3-'));
    s3 = await startTestS3();
    database = await createScratchDatabase(serverUrl ?? '', 'deploy_s3');
    const endpoint = String(s3.options().client?.endpoint);
    const secret = randomBytes(24).toString('hex');
    const ports = [await freePort(), await freePort()];
    for (const [i, port] of ports.entries()) {
      const dataDir = path.join(dir, `data-${i}`);
      await mkdir(dataDir);
      const instance = run(process.execPath, ['dist-server/main.mjs'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET: secret,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_PASSWORD: PARTNER.password,
        // The demo releases, whose sources (git repositories in the first DATA_DIR) both reach on this machine.
        SEED_DEMO: '1',
        EMBEDDED_AGENT: '0',
        TRUST_PROXY: 'loopback',
        // Each request's arrival is logged: the test sees which instance the upload went to.
        LOG_LEVEL: 'debug',
        S3_BUCKET: s3.bucket,
        S3_PREFIX: PREFIX,
        S3_FORCE_PATH_STYLE: '1',
        AWS_ENDPOINT_URL_S3: endpoint,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...SWEEP,
      });
      instances.push({ ...instance, url: `http://127.0.0.1:${port}`, dataDir });
      // One after the other: the first migrates and seeds.
      await waitUntil(
        `instance ${port}\n${instance.output().slice(-3000)}`,
        async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok,
        120_000,
      );
    }
    const setup: NginxSetup = {
      nginx: nginx ?? '',
      dir,
      port: await freePort(),
      instancePorts: [ports[0], ports[1]],
      spaDir: path.join(root, 'dist'),
    };
    balancer = startNginx(setup, await writeConfig(setup));
    url = `http://127.0.0.1:${setup.port}`;
    await waitUntil('nginx', async () => (await fetch(`${url}/api/health/ready`)).ok, 10_000);
    admin = await apiSession(url, ADMIN);
    partner = await apiSession(url, PARTNER);
    ({ token: agentToken } = await admin.call<{ token: string }>('POST', '/admin/workers', {
      name: 'storage-agent',
    }));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(agents.map((agent) => stop(agent)));
    await balancer?.stop();
    await Promise.all(instances.map((instance) => stop(instance)));
    await database?.drop().catch(() => {});
    await s3?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  /**
   * A build agent process on `server`: the default builder, which fetches the build's logo from the console,
   * or with `bytes` a BUILD_COMMAND that makes an artifact of that many random bytes.
   */
  function startAgent(server: string, bytes?: number) {
    const agent = run(process.execPath, ['dist-server/agent/cli.mjs', '--server', server], {
      AGENT_TOKEN: agentToken,
      AGENT_WORK_DIR: path.join(dir, `agent-${agents.length}`),
      ...(bytes
        ? {
            BUILD_COMMAND: 'head -c "$ARTIFACT_BYTES" /dev/urandom > "$OUTPUT_DIR/firmware.bin"',
            BUILD_ENV: 'ARTIFACT_BYTES',
            ARTIFACT_BYTES: String(bytes),
          }
        : {}),
    });
    agents.push(agent);
    return agent;
  }

  /** A set with its own logo, and a build of it submitted through nginx. */
  async function submitWithLogo(name: string): Promise<{ build: Build; logo: { le: string; de: string } }> {
    const form = new FormData();
    form.append('image_le', new Blob([PNG], { type: 'image/png' }), 'le.png');
    form.append('image_de', new Blob([PNG], { type: 'image/png' }), 'de.png');
    const xsrf = await fetch(`${url}/api/auth/xsrf`);
    const cookie = (xsrf.headers.get('set-cookie') ?? '').split(';')[0];
    const res = await fetch(`${url}/api/client/account/logo`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${partner.token}`,
        cookie,
        'x-xsrf-token': decodeURIComponent(cookie.split('=')[1]),
      },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const logo = (await res.json()) as { id: number; le: string; de: string };
    const set = await partner.call<{ id: number }>('POST', '/client/firmware/groups', {
      name,
      logo_id: logo.id,
    });
    const build = await partner.call<Build>('POST', '/client/firmware/firmwares', {
      group_id: set.id,
      ...(await buildFields(partner, name.replace(/\W/g, ''))),
    });
    return { build, logo };
  }

  const buildOf = async (id: number) => {
    const mine = await partner.call<Build[]>('GET', '/client/firmware/firmwares');
    const found = mine.find((build) => build.id === id);
    if (!found) throw new Error(`build ${id} is not listed`);
    return found;
  };

  async function waitDone(id: number, agent: Child, ms: number): Promise<Build> {
    let last: Build | undefined;
    await waitUntil(
      `build ${id} to be done`,
      async () => {
        last = await buildOf(id);
        if (last.status === 'failed') throw new Error(`build ${id} failed:\n${agent.output().slice(-3000)}`);
        return last.status === 'done';
      },
      ms,
    ).catch((error: Error) => {
      throw new Error(`${error.message} (${last?.status})\nagent:\n${agent.output().slice(-3000)}`);
    });
    return last as Build;
  }

  /** GETs `route` through nginx `times` times (both instances answer some): each answer 200 with the bytes. */
  async function downloads(route: string, times: number): Promise<Buffer[]> {
    const answers: Buffer[] = [];
    for (let i = 0; i < times; i++) {
      const res = await fetch(`${url}${route}`);
      expect(res.status, `${route}: ${res.status}`).toBe(200);
      answers.push(Buffer.from(await res.arrayBuffer()));
    }
    return answers;
  }

  it('builds with logos whichever instance the agent talks to; nginx serves every file', async () => {
    const done: { build: Build; logo: { le: string; de: string } }[] = [];
    for (const [i, instance] of instances.entries()) {
      const { build, logo } = await submitWithLogo(`storage set ${i}`);
      const agent = startAgent(instance.url);
      done.push({ build: await waitDone(build.id, agent, 120_000), logo });
      await stop(agent);
      // The agent fetched the logo from this instance (the one uploaded through nginx, to either).
      for (const variant of ['le', 'de'])
        expect(instance.output()).toContain(`"url":"/api/agent/jobs/${build.id}/logo/${variant}"`);
    }
    for (const { build, logo } of done) {
      for (const bytes of await downloads(`/api/files/firmwares/${build.uuid}`, 4)) {
        expect(bytes.length).toBe(build.file_size);
        expect(sha256(bytes)).toBe(build.sha256);
      }
      for (const text of await downloads(`/api/files/firmwares/${build.uuid}/attestation`, 4)) {
        expect(JSON.parse(JSON.parse(text.toString()).payload)).toMatchObject({ sha256: build.sha256 });
      }
      for (const route of [logo.le, logo.de]) {
        for (const bytes of await downloads(route, 4)) expect(bytes.equals(PNG)).toBe(true);
      }
    }
    // Both instances answered downloads (nginx's round robin), and neither keeps the files on its own disk.
    for (const instance of instances) {
      expect(instance.output()).toMatch(/"url":"\/api\/files\/firmwares\//);
      expect(await readdir(path.join(instance.dataDir, 'artifacts')).catch(() => [])).toEqual([]);
      expect(await readdir(path.join(instance.dataDir, 'logos')).catch(() => [])).toEqual([]);
    }
  }, 300_000);

  it('survives the kill of the instance receiving an upload: the retry goes through the other', async () => {
    const { build } = await submitWithLogo('storage set killed');
    const agent = startAgent(url, BIG);
    const arrival = `"method":"PUT","url":"/api/agent/jobs/${build.id}/artifact"`;
    let victim: (typeof instances)[number] | undefined;
    // The upload has reached an instance and its multipart upload has a part in the bucket.
    await waitUntil(
      'the upload to be under way',
      async () => {
        victim = instances.find((instance) => instance.output().includes(arrival));
        return (
          victim !== undefined &&
          (await s3.unfinishedUploads()).length > 0 &&
          s3.requests.some(
            (line) => line.startsWith(`PUT /${s3.bucket}/${PREFIX}/artifacts/`) && /partNumber=/.test(line),
          )
        );
      },
      120_000,
    );
    const abandoned = await s3.unfinishedUploads();
    const killedAt = performance.now();
    await stop(victim as Child, 'SIGKILL');
    const survivor = instances.find((instance) => instance !== victim) as (typeof instances)[number];

    const finished = await waitDone(build.id, agent, 120_000);
    const doneMs = performance.now() - killedAt;
    expect(survivor.output()).toContain(arrival);
    // Whole, through nginx.
    const [bytes] = await downloads(`/api/files/firmwares/${build.uuid}`, 1);
    expect(bytes.length).toBe(finished.file_size);
    expect(bytes.length).toBeGreaterThan(BIG);
    expect(sha256(bytes)).toBe(finished.sha256);

    // The killed instance's multipart upload, aborted by the survivor's sweep once 20 s old.
    await waitUntil(
      `the abandoned upload ${abandoned} to be aborted`,
      async () => (await s3.unfinishedUploads()).length === 0,
      60_000,
    );
    console.info(
      `killed ${victim?.url} mid-upload (${abandoned.length} multipart upload, ${finished.file_size} bytes): ` +
        `done through ${survivor.url} ${Math.round(doneMs)} ms later, the upload aborted after ` +
        `${Math.round(performance.now() - killedAt)} ms`,
    );
    // Nothing else left behind: the bucket holds the three builds' artifacts and the logos, no disk a .part.
    const client = new S3Client({ ...s3.options().client, forcePathStyle: true });
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}/artifacts/` }),
    );
    client.destroy();
    expect(listed.Contents?.map((object) => object.Key).length).toBe(3);
    for (const instance of instances) expect(await partFiles(instance.dataDir)).toEqual([]);
  }, 300_000);
});
