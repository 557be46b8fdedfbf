// A hostile release repository through the real queue (issue 36): the embedded agent claims a build whose
// firmware repository holds a chain of links reaching `/` and a recipe whose template and target go through
// it; the build fails naming the link, its log holds nothing of the secret file the recipe names, and the
// file it meant to write outside stays absent.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentWorld,
  createAgentWorld,
  firmwareRepository,
  logOf,
  startWorldAgent,
  taskOf,
} from '../test/agent-fixtures';
import { buildBody, submit } from '../test/build-fixtures';
import type { startEmbeddedAgent } from './embedded-agent';

let w: AgentWorld;
let agent: Awaited<ReturnType<typeof startEmbeddedAgent>>;
let dir: string;
let secret: string;
let secretFile: string;
let canary: string;

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 2_000 });
  dir = await mkdtemp(path.join(tmpdir(), 'hostile-api-'));
  secret = `TOP-SECRET-${Date.now()}`;
  secretFile = path.join(dir, 'secret.txt');
  await writeFile(secretFile, `${secret}\n`);
  canary = path.join(dir, 'canary');
  const fromRoot = (p: string) => p.replace(/^\/+/, '');
  await firmwareRepository(
    w,
    path.join(dir, 'firmware-x19'),
    {
      'build/recipe.json': JSON.stringify({
        recipe: 1,
        rootfs: [{ repository: '.', exclude: ['build'] }],
        templates: [
          { template: `r/${fromRoot(secretFile)}`, target: 'etc/leak.conf' },
          { template: 'build/t.conf', target: `r/${fromRoot(canary)}` },
        ],
        outputs: { upgrade: { type: 'upgrade', install_script: `r/${fromRoot(secretFile)}` } },
      }),
      'build/t.conf': 'written outside\n',
    },
    // Each target reads as inside the repository; the file system makes `r` the root of the server.
    { l: '.', r: `${'l/'.repeat(20)}${'../'.repeat(20)}`.slice(0, -1) },
  );
  agent = await startWorldAgent(w);
});

afterAll(async () => {
  await agent?.stop();
  await w.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a release repository that tries to leave the build', () => {
  it('fails the build naming the link, reads nothing outside and writes nothing there', async () => {
    const build = await submit(w, w.partner.token, buildBody(w, w.set.id, { install_type: 'upgrade' }));
    await expect
      .poll(async () => (await taskOf(w, build.id))?.status, { timeout: 60_000, interval: 200 })
      .toBe('failed');
    const log = await logOf(w, build.id);
    expect(
      log.some((line) => line.startsWith('Build failed: Refused firmware-x19/r:')),
      log.join('\n'),
    ).toBe(true);
    expect(log.join('\n')).not.toContain(secret);
    expect(existsSync(canary)).toBe(false);
  }, 90_000);
});
