// Issue 36: the sandboxed embedded agent (Node's permission model refuses symlink(), fchmod and the like)
// builds a release whose sources hold symbolic links, as every firmware's root file system does
// (`lib64 -> lib`): the links are kept as records, never made on disk, and the upgrade archive holds them as
// links with their targets as the sources had them.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTar, type TarEntry } from '../../agent/tar';
import { blobName } from '../builds/artifacts/artifact-store';
import { findBuildByUuid } from '../builds/builds-repository';
import {
  type AgentWorld,
  createAgentWorld,
  firmwareRepository,
  logOf,
  startWorldAgent,
  taskOf,
  untilBuildEnds,
} from '../test/agent-fixtures';
import { buildBody, submit } from '../test/build-fixtures';
import type { startEmbeddedAgent } from './embedded-agent';

let w: AgentWorld;
let agent: Awaited<ReturnType<typeof startEmbeddedAgent>>;
let dir: string;

const RECIPE = {
  recipe: 1,
  rootfs: [{ repository: '.', exclude: ['build'] }],
  templates: [{ template: 'build/miner.conf', target: 'etc/miner.conf', mode: '0600' }],
  outputs: { upgrade: { type: 'upgrade', install_script: 'build/install.sh' } },
};

/** The release's firmware repository: a small root file system with the links a real one has. */
const FILES: Record<string, [string, number]> = {
  'build/recipe.json': [JSON.stringify(RECIPE), 0o644],
  'build/miner.conf': ['model = {{ build.model }}\n', 0o644],
  'build/install.sh': ['#!/bin/sh\ncp -a rootfs/. /\n', 0o755],
  'lib/libc.so.6': ['not really libc\n', 0o644],
  'usr/bin/cgminer': ['#!/bin/sh\n', 0o755],
};
const LINKS = { lib64: 'lib', 'lib/cgminer-link': '../usr/bin/cgminer' };

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 2_000 });
  dir = await mkdtemp(path.join(tmpdir(), 'sandbox-links-'));
  await firmwareRepository(w, path.join(dir, 'firmware-x19'), FILES, LINKS);
  agent = await startWorldAgent(w, { isolation: 'child' });
}, 60_000);

afterAll(async () => {
  await agent?.stop();
  await w.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the sandboxed embedded agent and a release with symbolic links', () => {
  it('builds the upgrade archive, the links in it as links', { timeout: 90_000 }, async () => {
    const build = await submit(w, w.partner.token, buildBody(w, w.set.id, { install_type: 'upgrade' }));
    await untilBuildEnds(w, build.id);
    const task = await taskOf(w, build.id);
    expect(task?.status, (await logOf(w, build.id)).join('\n')).toBe('done');
    expect(task).toMatchObject({ worker_name: 'embedded' });

    const row = await findBuildByUuid(w.t.db, build.uuid);
    const entries = new Map<string, TarEntry>();
    const artifact = createReadStream(path.join(w.dataDir, blobName(row?.sha256 ?? ''))).pipe(createGunzip());
    for await (const entry of readTar(artifact)) entries.set(entry.path.slice(build.uuid.length + 1), entry);
    expect(entries.get('rootfs/lib64')).toMatchObject({ type: 'symlink', linkname: 'lib' });
    expect(entries.get('rootfs/lib/cgminer-link')).toMatchObject({
      type: 'symlink',
      linkname: '../usr/bin/cgminer',
    });
    // Modes as `git archive` gave them (its umask is 002), though the agent's umask (022) takes group write.
    expect(entries.get('rootfs/lib/libc.so.6')).toMatchObject({ type: 'file', mode: 0o664 });
    expect(entries.get('rootfs/usr/bin/cgminer')).toMatchObject({ type: 'file', mode: 0o775 });
    expect(entries.get('rootfs/etc/miner.conf')).toMatchObject({ type: 'file', mode: 0o600 });
    expect(entries.get('install.sh')).toMatchObject({ type: 'file', mode: 0o755 });
    const manifest = JSON.parse(entries.get('manifest.json')?.data.toString() ?? '{}');
    expect(manifest.files.map((f: { path: string }) => f.path)).toContain('rootfs/lib64');
  });
});
