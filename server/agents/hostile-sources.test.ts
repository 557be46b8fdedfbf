// A hostile release repository through the real queue (issue 36): the embedded agent claims a build whose
// firmware repository holds a chain of links reaching `/` and a recipe whose template and target go through
// it; the build fails naming the link, its log holds nothing of the secret file the recipe names, and the
// file it meant to write outside stays absent.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositories } from '../platform/db/schema';
import { type AgentWorld, createAgentWorld, logOf, startWorldAgent, taskOf } from '../test/agent-fixtures';
import { buildBody, submit } from '../test/build-fixtures';
import type { startEmbeddedAgent } from './embedded-agent';

let w: AgentWorld;
let agent: Awaited<ReturnType<typeof startEmbeddedAgent>>;
let dir: string;
let secret: string;
let secretFile: string;
let canary: string;

/** A git repository at `repo` whose one commit holds `files` and the links, tagged as the release names it. */
async function hostileRepository(repo: string, files: Record<string, string>, links: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(repo, name)), { recursive: true });
    await writeFile(path.join(repo, name), text);
  }
  for (const [name, target] of Object.entries(links)) await symlink(target, path.join(repo, name));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Hostile', '-c', 'user.email=h@localhost', ...args], { cwd: repo });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'hostile');
  git('tag', 'v1.0.0');
}

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 2_000 });
  dir = await mkdtemp(path.join(tmpdir(), 'hostile-api-'));
  secret = `TOP-SECRET-${Date.now()}`;
  secretFile = path.join(dir, 'secret.txt');
  await writeFile(secretFile, `${secret}\n`);
  canary = path.join(dir, 'canary');
  const fromRoot = (p: string) => p.replace(/^\/+/, '');
  const repo = path.join(dir, 'firmware-x19');
  await hostileRepository(
    repo,
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
  // The server reads a local repository through its git folder.
  await w.t.db
    .update(repositories)
    .set({ url: path.join(repo, '.git') })
    .where(eq(repositories.name, 'firmware-x19'));
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
